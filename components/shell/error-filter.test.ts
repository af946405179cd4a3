import { describe, expect, it } from 'vitest';
import { classifyClientError, isServerError, toExceptionReport } from './error-filter';

const named = (name: string, message: string) => Object.assign(new Error(message), { name });
const withDigest = (message: string, digest: string) => Object.assign(new Error(message), { digest });

describe('classifyClientError', () => {
  it.each([
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'map')"), 'report'],
    ['a thrown string', 'boom', 'report'],
    ['a failed request', new Error('Request failed with status 500'), 'report'],
    ['ResizeObserver noise', new Error('ResizeObserver loop completed with undelivered notifications.'), 'ignore'],
    ['ResizeObserver limit', 'ResizeObserver loop limit exceeded', 'ignore'],
    ['a cross-origin script error', 'Script error.', 'ignore'],
    ['an aborted fetch', named('AbortError', 'The user aborted a request.'), 'ignore'],
    ['an aborted signal', new DOMException('signal is aborted without reason', 'AbortError'), 'ignore'],
    ['a redirect signal', withDigest('NEXT_REDIRECT', 'NEXT_REDIRECT;replace;/SignIn;307;'), 'ignore'],
    ['a not-found signal', withDigest('NEXT_HTTP_ERROR_FALLBACK;404', 'NEXT_HTTP_ERROR_FALLBACK;404'), 'ignore'],
    ['a webpack chunk error', named('ChunkLoadError', 'Loading chunk 4711 failed.'), 'reload'],
    ['a CSS chunk error', new Error('Loading CSS chunk app-layout failed'), 'reload'],
    [
      'a dynamic import failure',
      new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/x.js'),
      'reload',
    ],
    ['nothing at all', undefined, 'ignore'],
  ] as const)('%s → %s', (_label, err, action) => {
    expect(classifyClientError(err)).toBe(action);
  });
});

describe('toExceptionReport', () => {
  it('carries the message with its type, the cause and the stack', () => {
    const err = new TypeError('x is not a function', { cause: new Error('bad response') });
    const r = toExceptionReport(err, '/JobClient?page=2', 0);
    expect(r.Message).toBe('TypeError: x is not a function');
    expect(r.InnerException).toBe('bad response');
    expect(r.StackTrace).toContain('x is not a function');
    expect(r).toMatchObject({ Status: 0, Url: '/JobClient?page=2' });
  });

  it('reports a thrown non-error value as text', () => {
    expect(toExceptionReport('plain text', '/Help')).toEqual({
      Message: 'plain text',
      InnerException: null,
      StackTrace: null,
      Status: null,
      Url: '/Help',
    });
  });

  it('tells server-forwarded errors (with a digest) from browser ones', () => {
    expect(isServerError(withDigest('An error occurred in the Server Components render.', '2749181234'))).toBe(true);
    expect(isServerError(new Error('browser'))).toBe(false);
  });
});
