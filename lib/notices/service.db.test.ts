import { describe, expect, it } from 'vitest';
import { POST as disableRoute } from '@/app/api/Notice/DisableNotice/[id]/route';
import { GET as getRoute } from '@/app/api/Notice/GetNotice/route';
import { notices } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';

const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });
const req = (path: string, token?: string, method = 'GET') =>
  new Request(`http://localhost/${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the notice (api/Notice)', () => {
  const t = useTestDatabase();

  async function newNotice(title: string, isActive = true) {
    const [row] = await t
      .db()
      .insert(notices)
      .values({ title, content: `${title}: details.`, isActive })
      .returning();
    if (!row) throw new Error('notice not created');
    return row;
  }

  async function getNotice(token: string) {
    const res = await getRoute(req('api/Notice/GetNotice', token), ctx());
    expect(res.status).toBe(200);
    return res.json();
  }

  it('offers the newest active notice in the legacy shape, never an inactive one', async () => {
    const { token } = await signedIn(3);
    const active = await newNotice('Registry closures');
    await newNotice('Withdrawn notice', false);
    expect(await getNotice(token)).toEqual({
      NoticeId: active.id,
      Title: 'Registry closures',
      Content: 'Registry closures: details.',
    });
  });

  it('Save switches the notice off for that user only', async () => {
    const a = await signedIn(3);
    const b = await signedIn(7, a.clientId);
    const notice = await newNotice('Holiday hours');

    const res = await disableRoute(
      req(`api/Notice/DisableNotice/${notice.id}`, a.token, 'POST'),
      ctx({ id: String(notice.id) }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(true);

    const forA = await getNotice(a.token);
    expect(forA?.NoticeId).not.toBe(notice.id);
    expect((await getNotice(b.token)).NoticeId).toBe(notice.id);

    // Saving twice is harmless.
    const again = await disableRoute(
      req(`api/Notice/DisableNotice/${notice.id}`, a.token, 'POST'),
      ctx({ id: String(notice.id) }),
    );
    expect(again.status).toBe(200);
  });

  it('answers null when every active notice is switched off, and shows a newer one again', async () => {
    const { token } = await signedIn(3);
    for (;;) {
      const current = await getNotice(token);
      if (current === null) break;
      await disableRoute(
        req(`api/Notice/DisableNotice/${current.NoticeId}`, token, 'POST'),
        ctx({ id: String(current.NoticeId) }),
      );
    }
    expect(await getNotice(token)).toBeNull();
    const fresh = await newNotice('New price list');
    expect((await getNotice(token)).NoticeId).toBe(fresh.id);
  });

  it('answers 404 for an unknown notice and 400 for a malformed id', async () => {
    const { token } = await signedIn(3);
    const missing = await disableRoute(req('api/Notice/DisableNotice/999999', token, 'POST'), ctx({ id: '999999' }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { status: 404, message: 'Not found.' } });
    const bad = await disableRoute(req('api/Notice/DisableNotice/abc', token, 'POST'), ctx({ id: 'abc' }));
    expect(bad.status).toBe(400);
  });

  it('requires a signed-in caller', async () => {
    expect((await getRoute(req('api/Notice/GetNotice'), ctx())).status).toBe(401);
    expect((await disableRoute(req('api/Notice/DisableNotice/1', undefined, 'POST'), ctx({ id: '1' }))).status).toBe(
      401,
    );
  });
});
