/**
 * The one wrapper of every /Ops server action: resolves the staff actor for a permission (lib/ops/page.ts),
 * parses the input with the form's own zod schema, calls one service, and turns the domain errors it raises
 * (lib/http/errors.ts) into an OpsResult. Anything else is a bug and is rethrown.
 */
import type { z } from 'zod';
import { AppError, fieldErrors, UnauthorizedError } from '@/lib/http/errors';
import type { StaffActor } from './policy';
import type { OpsResult } from './action-outcome';
import { requireStaffActor } from './page';
import type { StaffPermission } from './policy';

export async function opsAction<S extends z.ZodType, T>(
  permission: StaffPermission,
  schema: S,
  input: unknown,
  run: (actor: StaffActor, value: z.output<S>) => Promise<T>,
): Promise<OpsResult<T>> {
  try {
    const actor = await requireStaffActor(permission);
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { ok: false, status: 400, message: 'Please correct the highlighted fields.', fields: fieldErrors(parsed.error) };
    return { ok: true, value: await run(actor, parsed.data) };
  } catch (e) {
    if (e instanceof UnauthorizedError) return { ok: false, status: 401, message: 'signed-out' };
    if (e instanceof AppError) return { ok: false, status: e.status, message: e.message, ...(e.fields ? { fields: e.fields } : {}) };
    throw e;
  }
}
