/**
 * Which browser-side errors deserve a report and the error page (spec §8: uncaught script errors are
 * reported and go to /error; certain framework messages are ignored). Pure and browser-safe.
 */
export type ClientErrorAction = 'ignore' | 'reload' | 'report';

/** Noise that says nothing about the portal: layout observers, cancelled requests, cross-origin scripts. */
const IGNORED_MESSAGES = [
  /ResizeObserver loop/i,
  /^Script error\.?$/i,
  /NEXT_REDIRECT/,
  /NEXT_NOT_FOUND/,
  /NEXT_HTTP_ERROR_FALLBACK/,
  /The user aborted a request/i,
  /The operation was aborted/i,
  /signal is aborted/i,
  /Non-Error promise rejection captured/i,
];

/** A deployment replaced the chunks this page was built with: a reload fetches the new ones. */
const STALE_CHUNK = [
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk/i,
  /ChunkLoadError/,
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

const FRAMEWORK_DIGEST =
  /^(?:NEXT_REDIRECT|NEXT_NOT_FOUND|NEXT_HTTP_ERROR_FALLBACK|BAILOUT_TO_CLIENT_SIDE_RENDERING|DYNAMIC_SERVER_USAGE)/;

function field(err: unknown, key: 'name' | 'message' | 'digest' | 'stack'): string {
  if (typeof err !== 'object' || err === null || !(key in err)) return '';
  const v: unknown = Reflect.get(err, key);
  return typeof v === 'string' ? v : '';
}

export function errorMessage(err: unknown): string {
  if (typeof err === 'string') return err;
  return field(err, 'message') || (err === undefined || err === null ? 'Unknown error' : String(err));
}

export function classifyClientError(err: unknown): ClientErrorAction {
  if (err === undefined || err === null) return 'ignore';
  const name = field(err, 'name');
  const message = errorMessage(err);
  if (name === 'AbortError') return 'ignore';
  if (FRAMEWORK_DIGEST.test(field(err, 'digest'))) return 'ignore';
  if (name === 'ChunkLoadError' || STALE_CHUNK.some((re) => re.test(message))) return 'reload';
  if (IGNORED_MESSAGES.some((re) => re.test(message))) return 'ignore';
  return 'report';
}

/** True for an error React forwarded from a Server Component: the server has reported it already. */
export function isServerError(err: unknown): boolean {
  return field(err, 'digest') !== '';
}

export interface ClientExceptionReport {
  Message: string;
  InnerException: string | null;
  StackTrace: string | null;
  Status: number | null;
  Url: string;
}

/** The exception report of spec §3 for an error in the browser. */
export function toExceptionReport(err: unknown, url: string, status: number | null = null): ClientExceptionReport {
  const name = field(err, 'name');
  const message = errorMessage(err);
  const cause: unknown =
    typeof err === 'object' && err !== null && 'cause' in err ? Reflect.get(err, 'cause') : undefined;
  const stack = field(err, 'stack');
  return {
    Message: name && !message.startsWith(name) ? `${name}: ${message}` : message,
    InnerException: cause === undefined || cause === null ? null : errorMessage(cause),
    StackTrace: stack || null,
    Status: status,
    Url: url,
  };
}
