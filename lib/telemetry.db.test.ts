/**
 * OpenTelemetry inside the process, with the real SDK (@vercel/otel's registration, an in-memory span exporter):
 * off until registered; then every database query is a client span under the active span, without the statement's
 * parameters, a failing one marked and counted; a log line written within a span carries its ids; a task run is a
 * span; the queue's backlog is read for the gauges. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { registerOTel } from '@vercel/otel';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '@/db/schema';
import { switchTelemetryOn } from '@/db/telemetry';
import { fixedClock, setClock } from '@/lib/clock';
import { resetConfigForTests } from '@/lib/config';
import { drainTask, queueBacklog, registerTask } from '@/lib/core/queue';
import { OUTBOX } from '@/lib/mail/worker';
import { startTelemetry } from '@/lib/server/telemetry';
import { telemetryOn } from '@/lib/telemetry';
import { useTestDatabase } from '@/test/db';
import { capturedLogger } from '@/test/log';
import { makeUser } from '@/test/factories';

const exporter = new InMemorySpanExporter();

describe('telemetry', () => {
  const t = useTestDatabase();
  let restore = () => undefined as void;
  afterEach(() => restore());

  it('is off without an OTLP endpoint: nothing registered, queries untraced, log lines without ids', async () => {
    resetConfigForTests();
    await startTelemetry();
    expect(telemetryOn()).toBe(false);
    const { logger, lines } = capturedLogger();
    await trace.getTracer('test').startActiveSpan('outer', async (span) => {
      expect(span.isRecording()).toBe(false);
      await t.db().select().from(users).limit(1);
      logger.info('within');
      span.end();
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('once on: a query is a client span under the active span, without its parameters; a log line carries the ids', async () => {
    registerOTel({ serviceName: 'jms-test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
    switchTelemetryOn();
    const user = await makeUser();
    exporter.reset();
    const { logger, lines } = capturedLogger();
    const outer = await trace.getTracer('test').startActiveSpan('outer', async (span) => {
      await t
        .db()
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${user.email}`);
      logger.info('within');
      span.end();
      return span.spanContext();
    });
    logger.info('outside');

    const spans = exporter.getFinishedSpans();
    const query = spans.find((s) => s.attributes['db.collection.name'] === 'users');
    expect(query?.name).toBe('SELECT users');
    expect(query?.kind).toBe(SpanKind.CLIENT);
    expect(query?.attributes).toMatchObject({
      'db.system': 'postgresql',
      'db.system.name': 'postgresql',
      'db.operation.name': 'SELECT',
      'db.collection.name': 'users',
    });
    expect(query?.spanContext().traceId).toBe(outer.traceId);
    expect(query?.parentSpanContext?.spanId).toBe(outer.spanId);
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain(user.email);

    expect(lines.map((l) => [l.msg, l.trace_id, l.span_id])).toEqual([
      ['within', outer.traceId, outer.spanId],
      ['outside', undefined, undefined],
    ]);
  });

  it('a failing query: its span marked with the SQLSTATE, the error still thrown', async () => {
    exporter.reset();
    await expect(t.db().execute(sql`select * from no_such_table`)).rejects.toThrow();
    const failed = exporter.getFinishedSpans().find((s) => s.attributes['db.collection.name'] === 'no_such_table');
    expect(failed?.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed?.attributes['error.type']).toBe('42P01');
  });

  it('a run of a background task is a span named by the task, with its queries under it', async () => {
    exporter.reset();
    registerTask({
      name: 'telemetry-test',
      run: async () => {
        await t.db().select().from(emailOutbox).limit(1);
        return 0;
      },
      intervalMs: () => null,
    });
    await drainTask('telemetry-test');
    const spans = exporter.getFinishedSpans();
    const run = spans.find((s) => s.name === 'task telemetry-test');
    expect(run?.attributes).toMatchObject({ 'jms.task.name': 'telemetry-test' });
    const query = spans.find((s) => s.attributes['db.collection.name'] === 'email_outbox');
    expect(query?.parentSpanContext?.spanId).toBe(run?.spanContext().spanId);
  });

  it('the backlog of a work table: rows waiting, and how long the longest-due has been due', async () => {
    const clock = fixedClock('2026-03-02T10:00:00Z');
    restore = setClock(clock);
    expect(await queueBacklog(t.db(), OUTBOX)).toEqual({ depth: 0, oldestAgeSeconds: 0 });
    const mail = (n: number, dueInMs: number, status = 'pending') => ({
      messageId: `<telemetry-${n}@test>`,
      toAddress: 'someone@example.com',
      subject: 'Subject',
      textBody: 'Text',
      status,
      nextAttemptAt: new Date(clock.now().getTime() + dueInMs),
    });
    await t
      .db()
      .insert(emailOutbox)
      .values([mail(1, -90_000), mail(2, -30_000), mail(3, 60_000), mail(4, -600_000, 'sent')]);
    expect(await queueBacklog(t.db(), OUTBOX)).toEqual({ depth: 3, oldestAgeSeconds: 90 });
  });
});
