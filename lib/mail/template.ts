/**
 * The e-mail template: an e-mail's body is a list of blocks (paragraphs, headings, a code, a button, facts, lists,
 * quotes, links, small print), and this module renders the one list twice: as HTML inside the branded layout and as
 * plain text. Both parts come from the same blocks, so the text says what the HTML says, and a sign-in code is a
 * block of its own, alone on its line in both. The HTML is a single-column table layout, at most 600 px wide and
 * fluid below that, with inline styles only (what mail programs keep), `lang`, one h1, real h2s, alt text on the
 * logo and colours that pass WCAG AA on white. Every link is absolute: an e-mail is read outside the portal.
 */

/** Who sends: the provider's name and logo (supplier settings) and the brand colour. */
export interface MailBrand {
  name: string;
  /** An absolute URL of the logo image, or null: the name stands in its place. */
  logoUrl: string | null;
  /** The brand colour: the button and the header's rule (white text on it passes AA). */
  colour: string;
}

export type MailBlock =
  | { p: string }
  | { h2: string }
  /** A code to type (a sign-in code): alone on its own line in both parts. */
  | { code: string; label: string }
  /** The e-mail's main action: a button in HTML, "label: URL" in text. */
  | { button: string; href: string }
  /** A secondary link: "lead label" with the label linked in HTML, "lead label: URL" in text. */
  | { link: string; href: string; lead?: string; small?: boolean }
  | { facts: readonly (readonly [string, string])[] }
  /** A list, with the line that introduces it. */
  | { list: readonly string[]; title?: string }
  /** Words written by someone (a message): kept as written, line breaks included. */
  | { quote: string }
  | { small: string };

export interface MailContent {
  /** The h1, and the first line of the text part. */
  heading: string;
  blocks: readonly MailBlock[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
/** Body text on white: 14.7:1. */
const INK = '#1f2937';
/** Small print on white: 7.6:1. */
const MUTED = '#4b5563';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function linkStyle(colour: string): string {
  return `color:${colour};text-decoration:underline;`;
}

function blockHtml(b: MailBlock, brand: MailBrand): string {
  if ('p' in b) return `<p style="margin:0 0 16px;">${escapeHtml(b.p)}</p>`;
  if ('h2' in b)
    return `<h2 style="margin:24px 0 8px;font-size:18px;line-height:1.3;color:${INK};">${escapeHtml(b.h2)}</h2>`;
  if ('code' in b)
    return (
      `<p style="margin:0 0 4px;">${escapeHtml(b.label)}</p>` +
      `<p style="margin:0 0 16px;font-family:Consolas,Menlo,monospace;font-size:28px;font-weight:700;letter-spacing:4px;color:${INK};">${escapeHtml(b.code)}</p>`
    );
  if ('button' in b)
    return (
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr>` +
      `<td style="background:${brand.colour};border-radius:6px;">` +
      `<a href="${escapeHtml(b.href)}" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:600;text-decoration:none;">${escapeHtml(b.button)}</a>` +
      `</td></tr></table>`
    );
  if ('link' in b) {
    const style = b.small ? `margin:0 0 8px;font-size:13px;color:${MUTED};` : 'margin:0 0 16px;';
    const lead = b.lead ? `${escapeHtml(b.lead)} ` : '';
    return `<p style="${style}">${lead}<a href="${escapeHtml(b.href)}" style="${linkStyle(brand.colour)}">${escapeHtml(b.link)}</a></p>`;
  }
  if ('facts' in b)
    return (
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">` +
      b.facts
        .map(
          ([k, v]) =>
            `<tr><td style="padding:2px 12px 2px 0;vertical-align:top;color:${MUTED};">${escapeHtml(k)}:</td>` +
            `<td style="padding:2px 0;vertical-align:top;">${escapeHtml(v)}</td></tr>`,
        )
        .join('') +
      `</table>`
    );
  if ('list' in b)
    return (
      (b.title ? `<p style="margin:0 0 4px;">${escapeHtml(b.title)}</p>` : '') +
      `<ul style="margin:0 0 16px;padding-left:20px;">${b.list.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
    );
  if ('quote' in b)
    return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #d1d5db;white-space:pre-wrap;">${escapeHtml(b.quote)}</blockquote>`;
  return `<p style="margin:0 0 8px;font-size:13px;color:${MUTED};">${escapeHtml(b.small)}</p>`;
}

function blockText(b: MailBlock): string {
  if ('p' in b) return b.p;
  if ('h2' in b) return b.h2;
  if ('code' in b) return `${b.label}\n\n${b.code}`;
  if ('button' in b) return `${b.button}: ${b.href}`;
  if ('link' in b) return `${b.lead ? `${b.lead} ` : ''}${b.link}: ${b.href}`;
  if ('facts' in b) return b.facts.map(([k, v]) => `${k}: ${v}`).join('\n');
  if ('list' in b) return [...(b.title ? [b.title] : []), ...b.list.map((i) => `- ${i}`)].join('\n');
  if ('quote' in b) return b.quote;
  return b.small;
}

function footerLine(brand: MailBrand): string {
  return `Sent by ${brand.name} through the JMS Portal.`;
}

export function renderHtml(subject: string, c: MailContent, brand: MailBrand): string {
  const masthead = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="display:block;height:40px;max-width:100%;border:0;">`
    : `<span style="font-size:18px;font-weight:700;color:${brand.colour};">${escapeHtml(brand.name)}</span>`;
  return (
    `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:16px 8px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-top:4px solid ${brand.colour};font-family:${FONT};font-size:16px;line-height:1.5;color:${INK};">` +
    `<tr><td style="padding:16px 24px 0;">${masthead}</td></tr>` +
    `<tr><td style="padding:16px 24px 8px;overflow-wrap:anywhere;word-break:break-word;">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(c.heading)}</h1>` +
    c.blocks.map((b) => blockHtml(b, brand)).join('') +
    `</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;color:${MUTED};">${escapeHtml(footerLine(brand))}</td></tr>` +
    `</table></td></tr></table></body></html>`
  );
}

export function renderText(c: MailContent, brand: MailBrand): string {
  return [c.heading, ...c.blocks.map(blockText), '--', footerLine(brand)].join('\n\n');
}
