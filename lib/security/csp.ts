/**
 * The Content Security Policy of every page (docs/security.md "Headers"), sent by proxy.ts with a fresh
 * nonce per request. Next.js reads the nonce from the request's Content-Security-Policy header and puts it on its
 * own scripts; 'strict-dynamic' lets those scripts load the chunks they import (next/dynamic, the captcha, the
 * tour). No 'unsafe-inline' and no 'unsafe-eval' for scripts in production. Light on purpose: proxy.ts imports it.
 */

/** Where browsers send violation reports (report-uri for every browser, the Reporting API group `csp`). */
export const CSP_REPORT_PATH = '/api/csp-report';
export const CSP_REPORT_GROUP = 'csp';

/** The request header that carries the nonce to server components that need it (Next.js reads the CSP header itself). */
export const NONCE_HEADER = 'x-nonce';

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export interface CspOptions {
  nonce: string;
  /** The site is served over HTTPS (APP_URL): ask the browser to upgrade any http:// sub-resource. */
  https: boolean;
  /** `next dev` evaluates code (React refresh): allowed there only. */
  development?: boolean;
  /** Origins the browser may send files to besides the portal (the bucket, with S3_DIRECT_UPLOADS). */
  uploadOrigins?: readonly string[];
}

/**
 * The bucket's origin when pages upload straight to it (S3_DIRECT_UPLOADS): the S3_ENDPOINT's origin (path-style),
 * or the bucket's virtual-hosted AWS origin; none otherwise.
 */
export function directUploadOrigins(c: {
  S3_BUCKET?: string;
  S3_DIRECT_UPLOADS: boolean;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE?: boolean;
}): string[] {
  if (!c.S3_BUCKET || !c.S3_DIRECT_UPLOADS) return [];
  if (c.S3_ENDPOINT) {
    const u = new URL(c.S3_ENDPOINT);
    return (c.S3_FORCE_PATH_STYLE ?? true) ? [u.origin] : [`${u.protocol}//${c.S3_BUCKET}.${u.host}`];
  }
  return [`https://${c.S3_BUCKET}.s3.${c.S3_REGION}.amazonaws.com`];
}

export function contentSecurityPolicy({ nonce, https, development = false, uploadOrigins = [] }: CspOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // 'self' is ignored where 'strict-dynamic' is understood; it only serves browsers from before CSP 3.
    ['script-src', "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    // Styles may be inline: the captcha (altcha), the dialogs' scroll lock (react-remove-scroll) and the tour
    // (driver.js) add <style> elements at run time without a nonce, and Radix positions menus with style
    // attributes. A nonce here would switch 'unsafe-inline' off. Scripts are what the policy is for; see
    // docs/security.md "Headers" for what inline styles still allow.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...uploadOrigins],
    // The captcha solves its proof of work in Web Workers created from blob: URLs.
    ['worker-src', "'self'", 'blob:'],
    ['frame-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(https ? ([['upgrade-insecure-requests']] as [string][]) : []),
    ['report-uri', CSP_REPORT_PATH],
    ['report-to', CSP_REPORT_GROUP],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** HSTS, only when the public URL is https (a plain-http deployment must not be pinned to https). One year. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers proxy.ts adds to every page response. */
export function pageSecurityHeaders(opts: CspOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    ...(opts.https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}
