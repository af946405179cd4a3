/**
 * The organisation security policy form: one schema for the Security section in Settings and the
 * server action. The bounds that depend on the server (the portal's idle timeout, whether single sign-on is
 * configured) are passed in. Browser-safe.
 */
import { z } from 'zod';

export const MIN_FIRM_IDLE_MINUTES = 5;
export const MAX_ALLOWED_DOMAINS = 20;

export const POLICY_MSG = {
  idleRange: (max: number) =>
    `Enter whole minutes from ${MIN_FIRM_IDLE_MINUTES} to ${max}, or leave it empty to use the portal's ${max + 1} minutes.`,
  domainInvalid: (d: string) => `"${d}" is not a domain name (for example harbourvale.com.au).`,
  tooManyDomains: `At most ${MAX_ALLOWED_DOMAINS} domains.`,
  ssoNotConfigured: 'Single sign-on is not configured for the portal.',
  twoFactorSetUpFirst: 'To require an authenticator app, set one up for yourself first (Authenticator app, above).',
  ssoSignInFirst:
    'To require single sign-on, sign in with single sign-on first, so you know it works for your account.',
  saved: 'The security policy was saved. The other administrators have been told by e-mail.',
  notSaved: 'The security policy was not saved. Please try again.',
  emailDomain: (domains: readonly string[]) =>
    `E-mail addresses of this organisation must end in ${domains.map((d) => `@${d}`).join(' or ')}.`,
} as const;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** "a.com, b.com" / one per line → unique lower-case domains (a leading @ is dropped). */
export function splitDomains(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ];
}

export function isDomain(d: string): boolean {
  return DOMAIN.test(d);
}

/** Is the address in one of the domains (exact domain; an empty list allows any)? */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  if (domains.length === 0) return true;
  const at = email.trim().toLowerCase().lastIndexOf('@');
  return (
    at > 0 &&
    domains.includes(
      email
        .trim()
        .toLowerCase()
        .slice(at + 1),
    )
  );
}

export interface PolicyBounds {
  /** The portal's SESSION_IDLE_MINUTES: the firm's timeout must be shorter. */
  portalIdleMinutes: number;
  ssoConfigured: boolean;
}

export function securityPolicySchema(b: PolicyBounds) {
  const max = b.portalIdleMinutes - 1;
  return z.object({
    RequireTwoFactor: z.boolean(),
    IdleTimeoutMinutes: z
      .string()
      .max(6)
      .transform((v) => v.trim())
      .refine(
        (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= MIN_FIRM_IDLE_MINUTES && Number(v) <= max),
        POLICY_MSG.idleRange(max),
      )
      .transform((v) => (v === '' ? null : Number(v))),
    AllowedEmailDomains: z
      .string()
      .max(2000)
      .transform((v, ctx) => {
        const list = splitDomains(v);
        const bad = list.find((d) => !isDomain(d));
        if (bad) ctx.addIssue({ code: 'custom', message: POLICY_MSG.domainInvalid(bad) });
        if (list.length > MAX_ALLOWED_DOMAINS) ctx.addIssue({ code: 'custom', message: POLICY_MSG.tooManyDomains });
        return list;
      }),
    RequireSso: z.boolean().refine((v) => !v || b.ssoConfigured, POLICY_MSG.ssoNotConfigured),
  });
}

export type SecurityPolicyFormInput = z.input<ReturnType<typeof securityPolicySchema>>;
export type SecurityPolicyForm = z.output<ReturnType<typeof securityPolicySchema>>;
