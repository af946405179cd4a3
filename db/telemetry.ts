/**
 * Spans and error counts of the database queries, for OpenTelemetry (lib/telemetry.ts holds the rest).
 *
 * The switch lives here, at the bottom of the layers, because the query path is here too: it is on only after
 * instrumentation.ts registered an exporter (an OTLP endpoint configured), and it is kept on globalThis because the
 * instrumentation bundle and the route bundles are separate module graphs of one process. While it is off the query
 * path pays one property read.
 *
 * Every query Drizzle runs, on either engine, passes through one method of its prepared query
 * (`PgPreparedQuery.queryWithCache`, shared by the postgres and PGlite sessions); `instrumentQueries` wraps that
 * method once per module graph. A span carries the operation and the first table named, never the statement's
 * parameters (they hold e-mail addresses, hashes and other personal data).
 */
import { metrics, SpanKind, SpanStatusCode, trace, type Counter } from '@opentelemetry/api';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

const switchKey = Symbol.for('jms.telemetry.on');

type Flags = Record<symbol, boolean | undefined>;

/** Whether telemetry is exported by this process (set once at start by instrumentation.ts). */
export function telemetryOn(): boolean {
  return (globalThis as unknown as Flags)[switchKey] === true;
}

/** Called by instrumentation.ts after the OpenTelemetry SDK is registered. */
export function switchTelemetryOn(): void {
  (globalThis as unknown as Flags)[switchKey] = true;
}

const TRACER = 'jms-portal/db';

/** The SQL verb of a statement (SELECT, INSERT, …; WITH for a statement that starts with a common table expression). */
export function sqlOperation(text: string): string {
  return /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
}

/** The first table a statement names after FROM, INTO, UPDATE or JOIN (without schema quotes), if any. */
export function sqlTable(text: string): string | undefined {
  return /\b(?:from|into|update|join)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text)?.[1];
}

/** A failure of the driver itself (connection refused, closed, timed out) rather than a statement's refusal. */
function errorType(e: unknown): { type: string; connection: boolean } {
  const cause = (e as { cause?: unknown } | null)?.cause ?? e;
  const c = cause as { code?: unknown; severity?: unknown } | null;
  const code = typeof c?.code === 'string' ? c.code : undefined;
  // The server's refusals carry a SQLSTATE and a severity (postgres.js PostgresError, PGlite's DatabaseError).
  if (code && typeof c?.severity === 'string') return { type: code, connection: code.startsWith('08') };
  return { type: code ?? (cause instanceof Error ? cause.name : 'Error'), connection: true };
}

let errors: Counter | undefined;

function errorCounter(): Counter {
  errors ??= metrics.getMeter('jms-portal').createCounter('jms.db.client.errors', {
    description: 'Database queries that failed: connection errors of the pool (jms.db.connection=true) and refusals',
    unit: '{error}',
  });
  return errors;
}

async function traced<T>(queryString: string, run: () => Promise<T>): Promise<T> {
  const operation = sqlOperation(queryString);
  const table = sqlTable(queryString);
  return trace.getTracer(TRACER).startActiveSpan(
    table ? `${operation} ${table}` : operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system': 'postgresql',
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        ...(table ? { 'db.collection.name': table } : {}),
      },
    },
    async (span) => {
      try {
        return await run();
      } catch (e) {
        const { type, connection } = errorType(e);
        span.setAttribute('error.type', type);
        span.setStatus({ code: SpanStatusCode.ERROR });
        errorCounter().add(1, { 'error.type': type, 'jms.db.connection': connection });
        throw e;
      } finally {
        span.end();
      }
    },
  );
}

const wrappedKey = Symbol.for('jms.telemetry.queries');

interface QueryPath {
  queryWithCache(
    this: unknown,
    queryString: string,
    params: unknown[],
    query: () => Promise<unknown>,
  ): Promise<unknown>;
}

/** Wraps the one query method of Drizzle's prepared queries with a span (once; a no-op pass-through while off). */
export function instrumentQueries(): void {
  const proto = PgPreparedQuery.prototype as unknown as QueryPath & Record<symbol, boolean | undefined>;
  if (proto[wrappedKey]) return;
  const original = proto.queryWithCache;
  proto.queryWithCache = function (this: unknown, queryString, params, query) {
    if (!telemetryOn()) return original.call(this, queryString, params, query);
    return traced(queryString, () => original.call(this, queryString, params, query));
  };
  proto[wrappedKey] = true;
}
