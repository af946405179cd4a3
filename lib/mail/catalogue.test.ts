import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '@/test/env';
import { config } from '@/lib/config';
import { decodeParam } from '@/lib/encoding';
import { MAIL_BRAND_COLOUR } from './brand';
import { MAIL_CATALOGUE, MAIL_KINDS } from './catalogue';
import { jobSlipUrl, opsJobUrl } from './links';
import { renderMail } from './render';
import type { MailBrand } from './template';
import { otpMail } from './kinds/otp';
import { jobMessageMail } from './kinds/job-message';

const withLogo: MailBrand = {
  name: 'Harbour Legal Services Pty Ltd',
  logoUrl: 'http://localhost:3000/api/SupplierLogo?v=1',
  colour: MAIL_BRAND_COLOUR,
};
const withoutLogo: MailBrand = { ...withLogo, logoUrl: null };

/** Pages that list things: an e-mail about one thing never sends its reader there. */
const LIST_PAGES = ['/', '/JobClient', '/Ops', '/Ops/Jobs', '/Invoice', '/Statement', '/Matter'];

function visibleText(html: string): string {
  return (
    html
      .replace(/<head>[\s\S]*?<\/head>/, ' ')
      // Comments (a button's spacing for Outlook) are not shown.
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&#x27;/g, "'")
      .replace(/&amp;/g, '&')
  );
}

/** The words of a part, links left out (the text part spells out each link's address after its label). */
function words(s: string): Set<string> {
  return new Set(
    s
      .replace(/https?:\/\/\S+/g, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [],
  );
}

/**
 * The portal's addresses as the app directory defines them: every page (route groups left out) and every api route,
 * each as its segments, a dynamic segment as '*'.
 */
function portalRoutes(dir = path.join(process.cwd(), 'app'), at: string[] = []): string[][] {
  const out: string[][] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      const segment = /^\(.*\)$/.test(name) ? [] : [/^\[.*\]$/.test(name) ? '*' : name];
      out.push(...portalRoutes(full, [...at, ...segment]));
    } else if (name === 'page.tsx' || name === 'route.ts') out.push(at);
  }
  return out;
}
const ROUTES = portalRoutes();

/** Whether a pathname is one of the portal's pages or routes (a link that cannot 404 on its path). */
function isPortalRoute(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  return ROUTES.some((r) => r.length === parts.length && r.every((seg, i) => seg === '*' || seg === parts[i]));
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the e-mail catalogue', () => {
  it('knows the portal’s pages and routes from the app directory', () => {
    expect(['/JobSlip', '/Ops/Job', '/api/Invoice/Pdf/INV-1', '/Unsubscribe'].filter((p) => !isPortalRoute(p))).toEqual(
      [],
    );
    expect(['/JobSlips', '/Ops/Job/1', '/api/Invoice/Pdf'].filter(isPortalRoute)).toEqual([]);
  });

  it('names every kind by its own key', () => {
    for (const kind of MAIL_KINDS) expect(MAIL_CATALOGUE[kind].kind).toBe(kind);
    expect(MAIL_KINDS.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(MAIL_KINDS)('%s, rendered with its sample props', (kind) => {
    const def = MAIL_CATALOGUE[kind];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own sample goes with its own kind
    const render = (brand: MailBrand) => renderMail(kind, def.sample(config().appUrl) as any, brand);

    it('has a subject, an HTML part with lang, one h1 and a title, and a text part, each well under 100 KB', async () => {
      for (const brand of [withLogo, withoutLogo]) {
        const m = await render(brand);
        expect(m.subject.trim()).not.toBe('');
        expect(m.subject).not.toMatch(/\n/);
        expect(m.html).toMatch(/^<!DOCTYPE html[^>]*><html [^>]*lang="en"/);
        expect(m.html.match(/<h1[ >]/g)).toHaveLength(1);
        expect(m.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
        expect(m.html).toContain('max-width:600px');
        expect(Buffer.byteLength(m.html)).toBeLessThan(100_000);
        expect(m.text.trim()).not.toBe('');
        expect(m.text).not.toMatch(/undefined|\[object Object\]|NaN/);
        expect(m.html).not.toMatch(/undefined|\[object Object\]|NaN/);
      }
    });

    it('says the same in the text part as in the HTML', async () => {
      const m = await render(withLogo);
      const html = words(visibleText(m.html));
      const text = words(m.text);
      expect([...html].filter((w) => !text.has(w))).toEqual([]);
      expect([...text].filter((w) => !html.has(w))).toEqual([]);
    });

    it('links only to absolute, deep pages of the portal, each with visible words, each also in the text part', async () => {
      const m = await render(withLogo);
      const links = [...m.html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)];
      for (const [, raw, label] of links) {
        const href = raw!.replace(/&amp;/g, '&');
        expect(href.startsWith(`${config().appUrl}/`), href).toBe(true);
        expect(LIST_PAGES).not.toContain(new URL(href).pathname.replace(/\/$/, '') || '/');
        // A page or route the app defines, never an address that 404s on its path.
        expect(isPortalRoute(new URL(href).pathname), href).toBe(true);
        expect(visibleText(label!).trim()).not.toBe('');
        expect(m.text).toContain(href);
      }
    });

    it('shows the logo with the sender’s name as its alt text, or the name itself', async () => {
      expect((await render(withLogo)).html).toMatch(/<img [^>]*alt="Harbour Legal Services Pty Ltd"/);
      const plain = (await render(withoutLogo)).html;
      expect(plain).not.toContain('<img');
      expect(visibleText(plain)).toContain('Harbour Legal Services Pty Ltd');
    });
  });

  it('puts a sign-in code alone on its own line in both parts', async () => {
    const props = otpMail.sample(config().appUrl);
    const m = await renderMail('otp', props, withLogo);
    expect(m.text.split('\n')).toContain(props.code);
    expect(m.html).toMatch(new RegExp(`<p [^>]*>${props.code}</p>`));
  });

  it('sends a reader of a staff message to it on the job’s slip, and staff reading a firm’s message to it on the job’s page', async () => {
    const staff = { ...jobMessageMail.sample(config().appUrl), side: 'staff' as const, jobId: 77, messageId: 9 };
    const toFirm = await renderMail('job-message', staff, withLogo);
    expect(toFirm.text).toContain(`Read and answer it on the job slip: ${jobSlipUrl(77)}#message-9`);
    const link = new URL(hrefs(toFirm.html)[0]!);
    expect(decodeParam(link.searchParams.get('jb') ?? '')).toBe('77');
    expect(link.hash).toBe('#message-9');
    const toStaff = await renderMail('job-message', { ...staff, side: 'client' }, withLogo);
    expect(hrefs(toStaff.html)).toEqual([`${opsJobUrl(77)}#message-9`]);
  });

  it('escapes what people wrote, so a message cannot add markup', async () => {
    const m = await renderMail(
      'job-message',
      { ...jobMessageMail.sample(config().appUrl), body: '<img src=x onerror=alert(1)> & "quoted"' },
      withLogo,
    );
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;');
    expect(m.text).toContain('<img src=x onerror=alert(1)> & "quoted"');
  });

  it('keeps what people wrote as written, line breaks and indents, in both parts', async () => {
    const body = 'Error: boom\n    at JobList (job-list.tsx:88:14)\n\nThanks';
    const m = await renderMail('job-message', { ...jobMessageMail.sample(config().appUrl), body }, withLogo);
    expect(m.text).toContain(body);
    expect(m.html).toMatch(/<blockquote [^>]*white-space:pre-wrap[^>]*>Error: boom\n {4}at JobList/);
  });

  it('uses colours that pass WCAG AA: the brand colour with white, the text and small print on white', async () => {
    expect(contrast(MAIL_BRAND_COLOUR, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const html = (await renderMail('test', { name: 'A' }, withLogo)).html;
    for (const c of new Set(html.match(/(?<![-\w])color:#[0-9a-f]{6}/g) ?? []))
      expect(contrast(c.slice(-7), '#ffffff'), c).toBeGreaterThanOrEqual(4.5);
  });
});
