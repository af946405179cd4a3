/** What a staff server action answers (browser-safe), and how a thrown domain error becomes one. */
import { AppError, ForbiddenError, NotFoundError, UnauthorizedError } from '@/lib/http/errors';

export type OpsOutcome =
  | { status: 'ok'; message: string }
  /** A 400 or 409 of the service: its message, and field messages to put on the form. */
  | { status: 'refused'; message: string; fields: Record<string, string[]> }
  | { status: 'not-found' }
  | { status: 'forbidden' }
  | { status: 'signed-out' };

/** Runs a staff action; domain errors become outcomes, anything else is a bug and propagates (reported as a 500). */
export async function opsOutcome(run: () => Promise<string>): Promise<OpsOutcome> {
  try {
    return { status: 'ok', message: await run() };
  } catch (e) {
    if (e instanceof UnauthorizedError) return { status: 'signed-out' };
    if (e instanceof ForbiddenError) return { status: 'forbidden' };
    if (e instanceof NotFoundError) return { status: 'not-found' };
    if (e instanceof AppError) return { status: 'refused', message: e.message, fields: e.fields ?? {} };
    throw e;
  }
}
