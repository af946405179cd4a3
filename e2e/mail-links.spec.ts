/**
 * Every link of every e-mail kind, followed: each kind of the catalogue is rendered by the portal's own template with
 * its sample props, pointed at a real job (MAIL_JOBS.links) and a real invoice (MAIL_INVOICE) of Wagtail Legal
 * (e2e/support/fixtures-mail.ts). Each distinct link is opened in a signed-out browser; a page that needs a session
 * asks for sign-in (the e-mailed one-time code, in the field mail programs fill in) and then opens that very page,
 * never the list it belongs to and never a 404.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { decodeParam, encodeParam } from '@/lib/encoding';
import { invoiceSlipHref } from '@/lib/invoices/links';
import { MAIL_CATALOGUE, MAIL_KINDS } from '@/lib/mail/catalogue';
import { renderMail } from '@/lib/mail/render';
import { enterOtp, otpReference, readOtp, settleNotice, signIn, submitCredentials } from './support/auth';
import { MAIL_INVOICE, MAIL_JOBS, MAIL_USERS } from './support/fixtures-mail';
import { APP_URL } from './support/ports';

const BRAND = { name: 'Wagtail Test Sender', logoUrl: null, colour: '#223f70' };

/** Pages that list things: an e-mail about one thing never sends its reader there. */
const LIST_PAGES = ['/', '/JobClient', '/Ops', '/Ops/Jobs', '/Invoice', '/Statement', '/Matter'];

/** The sample props with every job id and invoice address replaced by the real ones. */
function pointAtRealThings(value: unknown, jobId: number, invoiceHref: string): unknown {
  if (Array.isArray(value)) return value.map((v) => pointAtRealThings(v, jobId, invoiceHref));
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === 'jobId' ? jobId : k === 'href' ? invoiceHref : pointAtRealThings(v, jobId, invoiceHref),
      ]),
    );
  return value;
}

/** Every link of every kind, as a path and query of the portal, with the kinds that carry it. */
async function linksOfEveryKind(jobId: number): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>();
  for (const kind of MAIL_KINDS) {
    const props = pointAtRealThings(MAIL_CATALOGUE[kind].sample(APP_URL), jobId, invoiceSlipHref(MAIL_INVOICE));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own sample goes with its own kind
    const mail = await renderMail(kind, props as any, BRAND);
    for (const m of mail.html.matchAll(/<a [^>]*href="([^"]*)"/g)) {
      const url = new URL(m[1]!.replace(/&amp;/g, '&'));
      const at = `${url.pathname}${url.search}`;
      links.set(at, [...(links.get(at) ?? []), kind]);
    }
  }
  return links;
}

/** Signs in on the sign-in page the link led to; the code field is the one mail programs and phones fill in. */
async function signInHere(page: Page, userName: string, landing: (u: URL) => boolean): Promise<void> {
  await submitCredentials(page, userName);
  const reference = await otpReference(page);
  const field = page.getByRole('dialog', { name: 'Enter OTP' }).getByLabel('OTP');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await enterOtp(page, await readOtp(userName, reference));
  await page.waitForURL(landing);
}

async function staffJobId(browser: Browser): Promise<number> {
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, 'staff.operator', undefined, { landing: /\/Ops$/ });
  await staff.goto(`/Ops/Jobs?q=${MAIL_JOBS.links}`);
  await staff
    .getByRole('table', { name: 'Job queue' })
    .getByRole('link', { name: MAIL_JOBS.links, exact: true })
    .click();
  await staff.waitForURL(/\/Ops\/Job\?jb=/);
  const jb = new URL(staff.url()).searchParams.get('jb') ?? '';
  await staff.context().close();
  return Number(decodeParam(jb));
}

test('every link of every e-mail kind opens its own page, after sign-in when it needs one', async ({ browser }) => {
  test.setTimeout(300_000);
  const jobId = await staffJobId(browser);
  expect(jobId).toBeGreaterThan(0);
  const links = await linksOfEveryKind(jobId);
  // The job's slip, the job's staff page and the invoice's slip are among them, with the real ids.
  const jb = encodeURIComponent(encodeParam(jobId));
  expect([...links.keys()]).toEqual(
    expect.arrayContaining([`/JobSlip?jb=${jb}`, `/Ops/Job?jb=${jb}`, invoiceSlipHref(MAIL_INVOICE), '/Settings']),
  );

  for (const [at, kinds] of links) {
    const what = `${at} (from ${kinds.join(', ')})`;
    const target = new URL(at, APP_URL);
    expect(LIST_PAGES, what).not.toContain(target.pathname);
    const page = await (await browser.newContext()).newPage();
    try {
      const first = await page.goto(at);
      expect(first?.status(), what).not.toBe(404);
      // Without a session the portal passes through /SignOut (which ends any stale session) on its way to /SignIn.
      await page.waitForURL((u) => u.pathname !== '/SignOut');
      const here = new URL(page.url());
      if (here.pathname === '/SignIn' && target.pathname !== '/SignIn') {
        // A page that needs a session: sign in as who the e-mail is for, and land on that very page.
        const staffPage = target.pathname.startsWith('/Ops');
        await signInHere(
          page,
          staffPage ? 'staff.operator' : MAIL_USERS.links,
          (u) => u.pathname === target.pathname && u.search === target.search,
        );
        // The session's first page of the portal's layout owes the notice (a slip printed alone has no layout).
        if (!staffPage && (await page.locator('[data-notice]').count()) > 0) await settleNotice(page);
      } else if (target.pathname === '/api/Settings/Unsubscribe') {
        // The one-click link answers a GET with the portal's unsubscribe page (a GET never acts).
        expect(here.pathname, what).toBe('/Unsubscribe');
      } else {
        expect(`${here.pathname}${here.search}`, what).toBe(at);
      }
      const again = await page.reload();
      expect(again?.status(), what).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), what).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), what).not.toHaveText(/not found|404/i);
      if (target.pathname === '/JobSlip' || target.pathname === '/Ops/Job')
        await expect(page.getByRole('heading', { level: 1 }), what).toHaveText(`Job ${MAIL_JOBS.links}`);
      if (target.pathname === '/InvoiceSlip')
        await expect(page.getByText(MAIL_INVOICE.invoiceNumber).first()).toBeVisible();
    } finally {
      await page.context().close();
    }
  }
});
