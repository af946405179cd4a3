/**
 * Domain errors that the adapters (route handlers, server actions, pages) turn into answers:
 * 400 with field messages, 401, 403, 404, 409. Anything else is a bug and answers 500 without details.
 *
 * This is the floor under the domains (lib/core): it imports no domain folder, so the tenancy guard and
 * `authorize` (lib/core/tenancy.ts, lib/core/authorize.ts) refuse with the same classes the services throw.
 * lib/http/errors.ts re-exports them for the adapters.
 */
import { z } from 'zod';

export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class ValidationError extends AppError {
  constructor(fields: Record<string, string[]>, message = 'The request is not valid.') {
    super(400, message, fields);
    this.name = 'ValidationError';
  }
}

/** Another client's row answers exactly like a missing one. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Your session has expired.') {
    super(401, message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this resource.') {
    super(403, message);
    this.name = 'ForbiddenError';
  }
}

export class ConflictError extends AppError {
  constructor(message: string, fields?: Record<string, string[]>) {
    super(409, message, fields);
    this.name = 'ConflictError';
  }
}

/** Field messages from a zod error, keyed by the dotted path of each issue ('' for the root). */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Parses with a zod schema, throwing ValidationError with field messages on failure. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw new ValidationError(fieldErrors(r.error));
  return r.data;
}

export async function parseOrThrowAsync<S extends z.ZodType>(schema: S, input: unknown): Promise<z.output<S>> {
  const r = await schema.safeParseAsync(input);
  if (!r.success) throw new ValidationError(fieldErrors(r.error));
  return r.data;
}
