/** The browser's side of a server action's answer: "signed out" signs out and back, once, for every form. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, type ActionResult } from '@/lib/http/action-result';
import { signedOutNow, unlessSignedOut } from './action';
import { setSessionRole } from './api';

function stubPage(pathname: string, search = '') {
  const assign = vi.fn<(url: string) => void>();
  vi.stubGlobal('window', { location: { pathname, search, hash: '', assign } });
  return assign;
}

async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 10));
  return done;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRole(null);
});

describe('unlessSignedOut', () => {
  it('on "signed out" goes to /SignOut?type=11 remembering the page, and never settles', async () => {
    const assign = stubPage('/Settings', '?tab=security');
    setSessionRole(4);
    expect(await settled(unlessSignedOut(Promise.resolve<ActionResult<string>>(SIGNED_OUT)))).toBe(false);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/SignOut?type=11&returnUrl=%2FSettings%3Ftab%3Dsecurity');
  });

  it('sends staff to type 9', async () => {
    const assign = stubPage('/Ops/Job', '?jb=x');
    setSessionRole(2);
    expect(signedOutNow(SIGNED_OUT)).toBe(true);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/SignOut?type=9&returnUrl=%2FOps%2FJob%3Fjb%3Dx');
  });

  it('hands back a value or a refusal untouched', async () => {
    const assign = stubPage('/user');
    expect(await unlessSignedOut(Promise.resolve<ActionResult<number>>({ ok: true, value: 3 }))).toEqual({ ok: true, value: 3 });
    const refusal = { ok: false, status: 409, message: 'This account is not locked.' } as const;
    expect(await unlessSignedOut(Promise.resolve<ActionResult<number>>(refusal))).toEqual(refusal);
    expect(signedOutNow(refusal)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
