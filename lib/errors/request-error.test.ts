import { describe, expect, it } from 'vitest';
import { isFrameworkSignal } from './request-error';

describe('isFrameworkSignal', () => {
  it.each([
    ['NEXT_REDIRECT;replace;/SignIn;307;', true],
    ['NEXT_HTTP_ERROR_FALLBACK;404', true],
    ['DYNAMIC_SERVER_USAGE', true],
    ['BAILOUT_TO_CLIENT_SIDE_RENDERING', true],
    ['2749181234', false],
  ])('digest %s → %s', (digest, expected) => {
    expect(isFrameworkSignal(Object.assign(new Error('x'), { digest }))).toBe(expected);
  });

  it('treats an error without a digest as a real failure', () => {
    expect(isFrameworkSignal(new TypeError('boom'))).toBe(false);
    expect(isFrameworkSignal('boom')).toBe(false);
  });
});
