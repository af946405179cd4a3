/** Whether a portal answers on this machine's `port` (its liveness route): the scripts that open the embedded database refuse then. */
export async function portalAnswers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.status < 500;
  } catch {
    return false;
  }
}
