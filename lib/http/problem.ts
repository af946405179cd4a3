/**
 * RFC 9457 problem details, the error answer of every /api/v1 call (application/problem+json): type, title,
 * status, detail, instance, and for a 400 the `errors` map (field path → messages, in the API's camelCase names).
 * Problem types are "about:blank" (the title is the status's phrase, the detail says what went wrong): the status
 * code says what kind of problem it is, and the detail is written for the person reading it.
 */
import { z } from 'zod';
import { AppError, fieldErrors } from '@/lib/core/errors';
import { log } from '@/lib/log';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const problemSchema = z.object({
  type: z.string().describe('A URI naming the problem type; "about:blank" when the status says it all.'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().describe('The path of the request that met the problem.'),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe('400: messages per field (dotted paths, e.g. lines.0.amount).'),
});
export type Problem = z.infer<typeof problemSchema>;

/** A refusal an /api/v1 adapter raises with its own headers (401 WWW-Authenticate, 429 Retry-After...). */
export class ProblemError extends AppError {
  constructor(
    status: number,
    detail: string,
    public readonly headers: Record<string, string> = {},
    fields?: Record<string, string[]>,
  ) {
    super(status, detail, fields);
    this.name = 'ProblemError';
  }
}

export function problemResponse(
  status: number,
  detail: string,
  instance: string,
  opts: { errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
): Response {
  const body: Problem = {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    instance,
    ...(opts.errors ? { errors: opts.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Cache-Control': 'no-store', ...opts.headers },
  });
}

/** Renames the segments of field paths (a service's InvoiceNumber → the API's invoiceNumber). */
export function renameFields(
  fields: Record<string, string[]>,
  names: Readonly<Record<string, string>> = {},
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const key = path
      .split('.')
      .map((s) => names[s] ?? s)
      .join('.');
    (out[key] ??= []).push(...messages);
  }
  return out;
}

/**
 * Any thrown value as a problem: domain errors keep their status and message (field messages renamed); invalid
 * JSON is a 400; anything else is a fault of ours, reported, and a 500 that says nothing of its insides.
 */
export async function problemFor(
  e: unknown,
  req: Request,
  names?: Readonly<Record<string, string>>,
): Promise<Response> {
  const instance = new URL(req.url).pathname;
  if (e instanceof ProblemError)
    return problemResponse(e.status, e.message, instance, {
      headers: e.headers,
      ...(e.fields ? { errors: renameFields(e.fields, names) } : {}),
    });
  if (e instanceof AppError)
    return problemResponse(e.status, e.message, instance, e.fields ? { errors: renameFields(e.fields, names) } : {});
  if (e instanceof z.ZodError)
    return problemResponse(400, 'The request is not valid.', instance, { errors: renameFields(fieldErrors(e), names) });
  if (e instanceof SyntaxError) return problemResponse(400, 'The request body is not valid JSON.', instance);
  try {
    const { reportException } = await import('@/lib/errors/report');
    await reportException({ error: e, status: 500, url: req.url, userId: null });
  } catch (reportError) {
    log().error({ err: reportError }, 'could not report exception');
  }
  return problemResponse(500, 'Something went wrong. The problem has been reported.', instance);
}
