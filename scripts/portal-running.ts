/**
 * Whether a portal runs on this machine's `port`: the scripts that open the embedded database refuse then (db:restore),
 * or ask the portal instead (db:backup), because PGlite's data directory must never be opened by two processes.
 *
 * Asked on its liveness route. Only a refused connection means nothing runs there: a portal too busy to answer
 * within the wait (its embedded database working for writers) is still running, so a time-out or a dropped answer
 * counts as running, never as free.
 */
const WAIT_MS = 15_000;

export async function portalAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(WAIT_MS) });
    return res.status < 500;
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    return code !== 'ECONNREFUSED';
  }
}
