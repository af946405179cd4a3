/**
 * OpenTelemetry for a server instance (called from instrumentation.ts, Node.js runtime only). Off unless an OTLP
 * endpoint is configured by the standard variables (lib/config.ts; README, "Sending traces and metrics to a
 * collector"): then @vercel/otel registers the SDK, which exports traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_PROTOCOL:
 * http/protobuf, or http/json), and a periodic reader exports the metrics (OTLP/HTTP JSON) every
 * OTEL_METRIC_EXPORT_INTERVAL.
 *
 * What is traced: every request (Next.js's own server spans, once a tracer provider is registered), every database
 * query (db/telemetry.ts) and every run of a background task (lib/core/queue.ts). What is measured:
 * `http.server.request.duration` (from the request spans, below), `jms.db.client.errors`, the queue's depth and
 * oldest due age per task (gauges read here, only when the reader collects), and the failures of mail, webhook
 * deliveries and sign-ins (lib/telemetry.ts).
 */
import { metrics, SpanKind, type Attributes, type Histogram } from '@opentelemetry/api';
import type { MetricReader } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { getDb } from '@/db/client';
import { switchTelemetryOn } from '@/db/telemetry';
import { config } from '@/lib/config';
import { queueBacklog, type WorkTable } from '@/lib/core/queue';
import { DIGESTS } from '@/lib/jobs/alerts';
import { log } from '@/lib/log';
import { MAIL_TASK } from '@/lib/mail/outbox';
import { OUTBOX } from '@/lib/mail/worker';
import { INSTRUMENTATION_NAME } from '@/lib/telemetry';
import { deliveries, WEBHOOK_TASK } from '@/lib/webhooks/outbox';
import { DIGEST_TASK } from './tasks';

/** The span type Next.js gives the server span of each request it handles. */
const NEXT_REQUEST_SPAN = 'BaseServer.handleRequest';

/** Seconds, the boundaries the HTTP semantic conventions advise for `http.server.request.duration`. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/**
 * Records `http.server.request.duration` from Next.js's request spans as they end. Only a span with a route counts:
 * when the proxy (middleware) lets a page request through, Next.js handles it in two passes, each with a span, and
 * only the second, which renders, knows the route; the first would count the request twice.
 */
export class RequestDurationProcessor implements SpanProcessor {
  // Made on first use: the processor is built before the SDK registers the meter provider.
  private histogram: Histogram | undefined;

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    if (span.kind !== SpanKind.SERVER || span.attributes['next.span_type'] !== NEXT_REQUEST_SPAN) return;
    const route = span.attributes['http.route'];
    if (typeof route !== 'string') return;
    const [s, ns] = span.duration;
    const attributes: Attributes = {
      'http.request.method': String(span.attributes['http.method'] ?? 'GET'),
      'http.route': route,
    };
    const status = span.attributes['http.status_code'];
    if (typeof status === 'number') attributes['http.response.status_code'] = status;
    this.histogram ??= metrics.getMeter(INSTRUMENTATION_NAME).createHistogram('http.server.request.duration', {
      description: 'Duration of HTTP server requests',
      unit: 's',
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    this.histogram.record(s + ns / 1e9, attributes);
  }

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** The work tables of the queue's tasks, for the depth and age gauges (the sweep has no table: it has no backlog). */
function workTables(): { task: string; table: WorkTable }[] {
  return [
    { task: DIGEST_TASK, table: DIGESTS },
    { task: MAIL_TASK, table: OUTBOX },
    { task: WEBHOOK_TASK, table: deliveries() },
  ];
}

/** The queue gauges, read from the work tables each time the metric reader collects (never between). */
function observeQueues(): void {
  const meter = metrics.getMeter(INSTRUMENTATION_NAME);
  const depth = meter.createObservableGauge('jms.queue.depth', {
    description: 'Rows of a background task waiting or being worked on',
    unit: '{row}',
  });
  const age = meter.createObservableGauge('jms.queue.oldest_age', {
    description: 'Seconds since the longest-due waiting row of a background task became due',
    unit: 's',
  });
  meter.addBatchObservableCallback(
    async (result) => {
      const db = await getDb();
      for (const { task, table } of workTables()) {
        try {
          const b = await queueBacklog(db, table);
          result.observe(depth, b.depth, { 'jms.task.name': task });
          result.observe(age, b.oldestAgeSeconds, { 'jms.task.name': task });
        } catch (e) {
          log().warn({ err: e, task }, 'queue gauges: the backlog could not be read');
        }
      }
    },
    [depth, age],
  );
}

/**
 * Registers OpenTelemetry when an OTLP endpoint is configured; otherwise does nothing (every call stays a no-op, and
 * the SDK is not even loaded).
 */
export async function startTelemetry(): Promise<void> {
  const c = config();
  if (!c.telemetry.traces && !c.telemetry.metrics) return;
  const [{ registerOTel }, { PeriodicExportingMetricReader }, { OTLPMetricExporter }] = await Promise.all([
    import('@vercel/otel'),
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/exporter-metrics-otlp-http'),
  ]);
  const metricReaders: MetricReader[] = c.telemetry.metrics
    ? [
        new PeriodicExportingMetricReader({
          exporter: new OTLPMetricExporter(),
          exportIntervalMillis: c.OTEL_METRIC_EXPORT_INTERVAL,
          exportTimeoutMillis: Math.min(30_000, c.OTEL_METRIC_EXPORT_INTERVAL),
        }),
      ]
    : [];
  registerOTel({
    serviceName: c.OTEL_SERVICE_NAME,
    // 'auto': the OTLP trace exporter when a traces endpoint is set (none otherwise: the spans still feed the
    // request duration below).
    spanProcessors: ['auto', new RequestDurationProcessor()],
    metricReaders,
  });
  switchTelemetryOn();
  if (c.telemetry.metrics) observeQueues();
  log().info({ traces: c.telemetry.traces, metrics: c.telemetry.metrics }, 'OpenTelemetry export on');
}
