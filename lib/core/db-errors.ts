/**
 * Recognising database errors whatever the driver (PGlite or node-postgres) and however Drizzle wraps them.
 *
 * This is the floor under the domains (lib/core): it imports no domain folder.
 */

/** A unique-index violation (PostgreSQL 23505), however the driver wraps it. */
export function isUniqueViolation(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    if (typeof cur === 'object' && 'code' in cur && cur.code === '23505') return true;
    cur = typeof cur === 'object' && 'cause' in cur ? cur.cause : undefined;
  }
  return false;
}

/**
 * The name of the unique index a unique violation broke, or null (not a unique violation, or the driver did not
 * say). PGlite names it `constraint`, postgres.js `constraint_name`.
 */
export function uniqueViolationIndex(e: unknown): string | null {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    if (typeof cur === 'object' && 'code' in cur && cur.code === '23505') {
      const c = cur as { constraint?: unknown; constraint_name?: unknown };
      const name = c.constraint ?? c.constraint_name;
      return typeof name === 'string' ? name : null;
    }
    cur = typeof cur === 'object' && 'cause' in cur ? cur.cause : undefined;
  }
  return null;
}
