/**
 * What every legacy request body and path goes through before any schema (lib/http/route.ts, the order upload of
 * api/Job/Add): a depth limit and the NUL check, in one iterative walk.
 */
import { FIELD_MSG, hasNul } from '@/lib/validation-rules';
import { AppError, ValidationError } from './errors';

/**
 * How deeply a request body may nest arrays and objects. The deepest legacy body (a job with its instruction block
 * and JobStatusModel lists) is five levels deep; anything past this is refused with a 400 before any schema or
 * walk sees it, so no recursive code (ours, zod's, a logger's) can run out of stack on a body like {"a":[[[…]]]}.
 */
export const MAX_BODY_DEPTH = 32;

export const BODY_TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_BODY_DEPTH} levels).`;

/**
 * One iterative walk over a parsed body or path (no recursion, so depth cannot overflow the stack): the paths
 * (a.b.0.c) of the strings that hold a NUL character, keys included, and whether it nests deeper than `maxDepth`.
 */
export function inspectInput(value: unknown, maxDepth = MAX_BODY_DEPTH): { nulPaths: string[]; tooDeep: boolean } {
  const nul: string[] = [];
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      if (hasNul(v)) nul.push(item.path.join('.'));
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (item.depth >= maxDepth) return { nulPaths: nul, tooDeep: true };
    const entries: [string, unknown][] = Array.isArray(v) ? v.map((x, i) => [String(i), x]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i]!;
      if (hasNul(k)) nul.push([...item.path, k].join('.'));
      else stack.push({ value: child, path: [...item.path, k], depth: item.depth + 1 });
    }
  }
  return { nulPaths: nul, tooDeep: false };
}

/**
 * Refuses input we must not pass on: a body nested deeper than MAX_BODY_DEPTH (a 400, not a stack overflow), and a
 * NUL character in any string of a body or path, which PostgreSQL cannot store ("invalid byte sequence": a 500).
 * Checked once here for every legacy endpoint, before any schema.
 */
export function refuseUnstorable(value: unknown): void {
  const { nulPaths, tooDeep } = inspectInput(value);
  if (tooDeep) throw new AppError(400, BODY_TOO_DEEP_MESSAGE);
  if (nulPaths.length)
    throw new ValidationError(Object.fromEntries(nulPaths.map((p) => [p, [FIELD_MSG.nulCharacter]])));
}
