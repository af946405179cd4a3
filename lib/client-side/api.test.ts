import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadWithProgress } from '@/components/ui/upload';
import { SIGNED_OUT, type ActionResult } from '@/lib/http/action-result';
import { signedOutNow, unlessSignedOut } from './action';
import { apiFetch, apiJson, ApiError, setSessionRole, signOutUnauthorized, unauthorizedRedirect } from './api';

describe('unauthorizedRedirect (spec §4.5: a 401 signs out remembering the page)', () => {
  it('sends client users to type 11 with the current path and query', () => {
    expect(unauthorizedRedirect({ pathname: '/Invoice', search: '?jm=abc' }, 3)).toBe(
      '/SignOut?type=11&returnUrl=%2FInvoice%3Fjm%3Dabc',
    );
    expect(unauthorizedRedirect({ pathname: '/JobClient', search: '' }, null)).toBe(
      '/SignOut?type=11&returnUrl=%2FJobClient',
    );
  });

  it('sends staff (roles 1 and 2) to type 9', () => {
    expect(unauthorizedRedirect({ pathname: '/JobClient', search: '' }, 1)).toBe(
      '/SignOut?type=9&returnUrl=%2FJobClient',
    );
    expect(unauthorizedRedirect({ pathname: '/JobClient', search: '' }, 2)).toBe(
      '/SignOut?type=9&returnUrl=%2FJobClient',
    );
  });

  it('does not remember a sign-in page', () => {
    expect(unauthorizedRedirect({ pathname: '/SignIn', search: '?messageType=2' }, 4)).toBe('/SignOut?type=11');
  });
});

/** A stand-in for the browser's window.location on the page the call is made from. */
function stubPage(pathname: string, search = '', hash = '') {
  const assign = vi.fn<(url: string) => void>();
  // The page's window: where sign-out goes, and the event that tells the page its session is ending.
  vi.stubGlobal('window', { location: { pathname, search, hash, assign }, dispatchEvent: vi.fn(() => true) });
  return assign;
}

/** Whether a promise has settled after the pending callbacks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 10));
  return done;
}

function answer(status: number, body: unknown = null): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  setSessionRole(null);
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('on a 401 goes to /SignOut?type=11 remembering the page, and never settles', async () => {
    const assign = stubPage('/JobClient', '?status=8&dir=2');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { error: { status: 401, message: 'Not signed in.' } })),
    );
    setSessionRole(5);
    const call = apiFetch('/api/Job/ExportCSVJobs', { method: 'POST', json: { PageNumber: 1 } });
    expect(await settled(call)).toBe(false);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/SignOut?type=11&returnUrl=%2FJobClient%3Fstatus%3D8%26dir%3D2');
  });

  it('signs staff (role 1 or 2, told by SessionRole) out with type 9', async () => {
    const assign = stubPage('/AccessDenied', '', '#top');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401)),
    );
    setSessionRole(2);
    expect(await settled(apiFetch('/api/User/DisableTour'))).toBe(false);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/SignOut?type=9&returnUrl=%2FAccessDenied%23top');
  });

  it('sends a JSON body with the session cookie and returns any other answer as it is', async () => {
    const assign = stubPage('/SaveJob');
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) =>
      answer(404, { error: { status: 404, message: 'Not found.' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const res = await apiFetch('/api/Document/7', { method: 'DELETE' });
    expect(res.status).toBe(404);
    await apiFetch('/api/Job/ClientMatterReference/3', { method: 'POST', json: { SearchText: 'HV' } });
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/api/Job/ClientMatterReference/3');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"SearchText":"HV"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(assign).not.toHaveBeenCalled();
  });

  it('apiJson throws ApiError with the server message for other failures', async () => {
    stubPage('/Settings');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { error: { status: 400, message: 'Bad.', fields: { EmailId: ['Required.'] } } })),
    );
    const e: unknown = await apiJson('/api/x').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, message: 'Bad.', fields: { EmailId: ['Required.'] } });
  });

  it('signOutUnauthorized (a server action answered signed-out) does the same', async () => {
    const assign = stubPage('/Settings');
    setSessionRole(4);
    expect(await settled(signOutUnauthorized())).toBe(false);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/SignOut?type=11&returnUrl=%2FSettings');
  });
});

/** A minimal XMLHttpRequest that answers `status` as soon as the body is sent. */
function fakeXhr(status: number, responseText: string) {
  return class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(): void {}
    setRequestHeader(): void {}
    abort(): void {
      this.onabort?.();
    }
    send(): void {
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
        this.status = status;
        this.responseText = responseText;
        this.onload?.();
      }, 0);
    }
  };
}

describe('uploadWithProgress (the source file upload, XMLHttpRequest)', () => {
  beforeEach(() => setSessionRole(3));

  it('on a 401 signs out remembering the page, like apiFetch, and never settles', async () => {
    const assign = stubPage('/SaveJob', '?jb=abc');
    vi.stubGlobal('XMLHttpRequest', fakeXhr(401, '{"error":{"status":401,"message":"Not signed in."}}'));
    const upload = uploadWithProgress({ url: '/api/Document/UploadJob/5', body: new FormData() });
    expect(await settled(upload)).toBe(false);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/SignOut?type=11&returnUrl=%2FSaveJob%3Fjb%3Dabc');
  });

  it('signs staff out with type 9', async () => {
    const assign = stubPage('/SaveJob');
    setSessionRole(1);
    vi.stubGlobal('XMLHttpRequest', fakeXhr(401, ''));
    expect(await settled(uploadWithProgress({ url: '/api/Document/UploadJob/5', body: new FormData() }))).toBe(false);
    expect(assign).toHaveBeenCalledExactlyOnceWith('/SignOut?type=9&returnUrl=%2FSaveJob');
  });

  it('resolves other answers (a refused file, a stored one) for the form to show', async () => {
    const assign = stubPage('/SaveJob');
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(400, '{"error":{"status":400,"message":"Files with this extension can not be uploaded."}}'),
    );
    await expect(uploadWithProgress({ url: '/api/Document/UploadJob/5', body: new FormData() })).resolves.toMatchObject(
      { status: 400 },
    );
    vi.stubGlobal('XMLHttpRequest', fakeXhr(200, '{"DocumentId":1,"FileName":"a.pdf","Size":3}'));
    const progress = vi.fn();
    await expect(
      uploadWithProgress({ url: '/api/Document/UploadJob/5', body: new FormData(), onProgress: progress }),
    ).resolves.toEqual({
      status: 200,
      body: '{"DocumentId":1,"FileName":"a.pdf","Size":3}',
    });
    expect(progress).toHaveBeenLastCalledWith(100);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('unlessSignedOut (lib/client-side/action.ts: a server action answered "signed out")', () => {
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
    expect(await unlessSignedOut(Promise.resolve<ActionResult<number>>({ ok: true, value: 3 }))).toEqual({
      ok: true,
      value: 3,
    });
    const refusal = { ok: false, status: 409, message: 'This account is not locked.' } as const;
    expect(await unlessSignedOut(Promise.resolve<ActionResult<number>>(refusal))).toEqual(refusal);
    expect(signedOutNow(refusal)).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
