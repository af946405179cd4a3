/**
 * Small type guards for values of unknown shape (parsed JSON, legacy bodies, stored jsonb).
 *
 * This is the floor under the domains (lib/core): it imports no domain folder. Browser-safe.
 */

/** A plain object (not null, not an array): its keys can be read. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
