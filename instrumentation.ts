/**
 * Runs once per server instance, before it serves its first request (Node.js runtime): it registers OpenTelemetry
 * when an OTLP endpoint is configured (lib/server/telemetry.ts); on the embedded database it
 * first makes the database ready (migrations, reference and demo data: scripts/seed/prepare.ts; PGlite is
 * single-process, so the serving process is the one that opens it, once); then checks the configuration, registers
 * the background tasks and starts their timer (lib/server/tasks.ts), warms what a first sign-in would pay for, and
 * on SIGTERM fails readiness, stops the timer and closes the pool.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // OpenTelemetry first, so that start-up is traced too; off unless an OTLP endpoint is configured.
  const { startTelemetry } = await import('./lib/server/telemetry');
  await startTelemetry();
  const { startServer } = await import('./lib/server/start');
  await startServer({
    prepareEmbedded: async (handle, demoPassword) => {
      const { prepareDatabase } = await import('./scripts/seed/prepare');
      return prepareDatabase(handle, demoPassword);
    },
  });
}

/** Server render and server action errors are reported (stored and e-mailed) with the real stack. */
export { onRequestError } from './lib/errors/request-error';
