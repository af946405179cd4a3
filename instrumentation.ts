/**
 * Runs once per server instance at start (Node.js runtime): checks the configuration, registers the background
 * tasks and starts their timer (lib/server/tasks.ts), and on SIGTERM fails readiness, stops the timer and closes the pool.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('./lib/server/start');
  await startServer();
}

/** Server render and server action errors are reported (stored and e-mailed) with the real stack. */
export { onRequestError } from './lib/errors/request-error';
