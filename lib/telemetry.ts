/**
 * What the portal tells an operator through OpenTelemetry, besides the request spans Next.js makes itself and the
 * query spans of db/telemetry.ts: a span per run of a background task, the failure counters (mail, webhook
 * deliveries, sign-ins) and the ids of the active span for the log (lib/log.ts).
 *
 * Everything goes through @opentelemetry/api, whose calls do nothing until instrumentation.ts registers the SDK
 * (lib/server/telemetry.ts, only when an OTLP endpoint is configured); until then the helpers here return at once.
 * Instruments are made on first use, after the SDK is registered (the metrics API has no provider that starts as
 * a no-op and is swapped later, as the tracer's has).
 */
import { metrics, SpanStatusCode, trace, type Attributes, type Counter } from '@opentelemetry/api';
import { telemetryOn } from '@/db/telemetry';

export { telemetryOn } from '@/db/telemetry';

/** The meter and tracer names of the portal's own telemetry. */
export const INSTRUMENTATION_NAME = 'jms-portal';

const counters = new Map<string, Counter>();

function counter(name: string, description: string, unit: string): Counter {
  let c = counters.get(name);
  if (!c) counters.set(name, (c = metrics.getMeter(INSTRUMENTATION_NAME).createCounter(name, { description, unit })));
  return c;
}

/** One e-mail the outbox could not hand to the SMTP server (`final`: it will not be tried again). */
export function countMailFailure(final: boolean): void {
  if (!telemetryOn()) return;
  counter('jms.mail.send.failures', 'E-mails the outbox could not send (each failed attempt)', '{attempt}').add(1, {
    'jms.final': final,
  });
}

/** One webhook delivery attempt that did not end in a 2xx answer (`final`: it will not be tried again). */
export function countWebhookFailure(final: boolean, status: number | null): void {
  if (!telemetryOn()) return;
  counter('jms.webhook.delivery.failures', 'Webhook delivery attempts without a 2xx answer', '{attempt}').add(1, {
    'jms.final': final,
    ...(status === null ? { 'error.type': 'no_answer' } : { 'http.response.status_code': status }),
  });
}

/** One failed sign-in step: a wrong password (or unknown name) or a wrong code; `locked` when it locked the account. */
export function countSignInFailure(reason: 'password' | 'otp', locked: boolean): void {
  if (!telemetryOn()) return;
  counter(
    'jms.auth.sign_in.failures',
    'Failed sign-in steps (wrong password, unknown name, wrong code)',
    '{failure}',
  ).add(1, { 'jms.reason': reason, 'jms.locked': locked });
}

/** Runs `run` in a span of its own (a root span outside a request), marking it failed when it throws. */
export async function inSpan<T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  if (!telemetryOn()) return run();
  return trace.getTracer(INSTRUMENTATION_NAME).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await run();
    } catch (e) {
      span.recordException(e instanceof Error ? e : String(e));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** The ids of the active span, for a log line written within it (none while telemetry is off or outside a span). */
export function activeTraceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  if (!telemetryOn()) return {};
  const ctx = trace.getActiveSpan()?.spanContext();
  if (!ctx || !trace.isSpanContextValid(ctx)) return {};
  return { trace_id: ctx.traceId, span_id: ctx.spanId };
}
