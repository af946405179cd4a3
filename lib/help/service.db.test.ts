import { afterEach, describe, expect, it } from 'vitest';
import { GET as helpListRoute } from '@/app/api/ContextualHelp/GetContextualHelpList/route';
import { HELP_TEXTS } from '@/scripts/seed/reference';
import { resetConfigForTests } from '@/lib/config';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { helpTextsForShell } from './service';

const ctx = { params: Promise.resolve({}) };
const req = (token?: string) =>
  new Request('http://localhost/api/ContextualHelp/GetContextualHelpList', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('contextual help', () => {
  useTestDatabase();
  afterEach(() => {
    delete process.env.CONTEXTUAL_HELP_ENABLED;
    resetConfigForTests();
  });

  it('api/ContextualHelp/GetContextualHelpList answers every text by key in the legacy shape', async () => {
    const { token } = await signedIn(3);
    const res = await helpListRoute(req(token), ctx);
    expect(res.status).toBe(200);
    const list: { ContextualHelpKey: string; ContextualHelpValue: string }[] = await res.json();
    expect(list).toContainEqual({ ContextualHelpKey: 'ContactName', ContextualHelpValue: HELP_TEXTS.ContactName });
    expect(list.map((i) => i.ContextualHelpKey).sort()).toEqual(Object.keys(HELP_TEXTS).sort());
  });

  it('requires a signed-in caller', async () => {
    expect((await helpListRoute(req(), ctx)).status).toBe(401);
  });

  it('gives the page shell no texts while contextual help is off (the default)', async () => {
    await signedIn(3);
    expect(await helpTextsForShell()).toBeNull();
  });

  it('gives the page shell the texts by key when CONTEXTUAL_HELP_ENABLED is on', async () => {
    await signedIn(3);
    process.env.CONTEXTUAL_HELP_ENABLED = 'true';
    resetConfigForTests();
    const texts = await helpTextsForShell();
    expect(texts?.ContactName).toBe(HELP_TEXTS.ContactName);
  });
});
