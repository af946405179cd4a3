/**
 * next-auth (v4) for the web session: JWT strategy, the JWT carrying only `sid` (the server-side
 * session it names, see session.ts) and `role` (for proxy.ts's route table). Two ways in:
 *  - "credentials": the OTP step of the password sign-in ({challengeId, otp}); the password step
 *    ran before (signin.ts). Failures are thrown as codes (OtpFailure) the sign-in page words.
 *  - "oidc": single sign-on, enabled when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set.
 * Built lazily (authOptions()) so that nothing reads the configuration at build time.
 */
import type { NextAuthOptions, User } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { config } from '@/lib/config';
import { log } from '@/lib/log';
import type { OtpFailure } from './messages';
import { verifyOtp } from './otp';
import { otpCredentialsSchema } from './schema';
import { matchSsoUser, openSsoSession, recordSsoFailure } from './sso';
import { signOutSession } from './user-session';

export const OIDC_PROVIDER_ID = 'oidc';
export const CREDENTIALS_PROVIDER_ID = 'credentials';

interface OidcProfile extends Record<string, unknown> {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

function fail(code: OtpFailure): never {
  throw new Error(code);
}

function credentialsProvider() {
  return CredentialsProvider({
    id: CREDENTIALS_PROVIDER_ID,
    name: 'One-time passcode',
    credentials: { challengeId: { type: 'text' }, otp: { type: 'text' } },
    async authorize(credentials): Promise<User | null> {
      const otp = typeof credentials?.otp === 'string' ? credentials.otp.trim() : '';
      if (otp === '') fail('OTP_REQUIRED');
      const parsed = otpCredentialsSchema.safeParse(credentials ?? {});
      if (!parsed.success) fail('OTP_EXPIRED');
      const r = await verifyOtp(parsed.data.challengeId, parsed.data.otp);
      switch (r.status) {
        case 'success': {
          const user = { id: String(r.user.id), name: r.user.userName, sid: r.sessionId, role: r.user.role };
          return user;
        }
        case 'invalid':
          return fail(r.spent ? 'OTP_USED' : 'OTP_INVALID');
        case 'locked':
          return fail('ACCOUNT_LOCKED');
        case 'expired':
          return fail('OTP_EXPIRED');
      }
    },
  });
}

function oidcProvider(issuer: string, clientId: string, clientSecret: string): OAuthConfig<OidcProfile> {
  return {
    id: OIDC_PROVIDER_ID,
    name: 'Single sign-on',
    type: 'oauth',
    wellKnown: `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    authorization: { params: { scope: 'openid email profile' } },
    idToken: true,
    checks: ['pkce', 'state'],
    profile(profile) {
      return { id: String(profile.sub), email: profile.email ?? null, name: profile.name ?? null };
    },
  };
}

/** Whether single sign-on is configured. */
export function ssoEnabled(): boolean {
  const c = config();
  return Boolean(c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET);
}

function stringOf(o: object, key: string): string | undefined {
  const v: unknown = Reflect.get(o, key);
  return typeof v === 'string' ? v : undefined;
}

function numberOf(o: object, key: string): number | undefined {
  const v: unknown = Reflect.get(o, key);
  return typeof v === 'number' ? v : undefined;
}

/** The server-side session id and role carried by a decoded next-auth JWT. */
export function sessionClaims(token: JWT | null): { sid: string; role: number } | null {
  if (!token) return null;
  const sid = stringOf(token, 'sid');
  const role = numberOf(token, 'role');
  return sid && role !== undefined ? { sid, role } : null;
}

export function authOptions(): NextAuthOptions {
  const c = config();
  const maxAge = c.SESSION_ABSOLUTE_HOURS * 3600;
  const providers: NextAuthOptions['providers'] = [credentialsProvider()];
  if (c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET)
    providers.push(oidcProvider(c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET));
  return {
    secret: c.authSecret,
    useSecureCookies: c.appUrl.startsWith('https://'),
    session: { strategy: 'jwt', maxAge },
    jwt: { maxAge },
    pages: { signIn: '/SignIn', error: '/AuthenticationError' },
    providers,
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        const m = await matchSsoUser(profile?.email, profile ? Reflect.get(profile, 'email_verified') : undefined);
        if (m.ok) return true;
        await recordSsoFailure(`no portal account for the identity (${m.reason})`);
        return '/AuthenticationError?error=AccessDenied';
      },
      async jwt({ token, user, account, profile }) {
        if (!account || !user) return token;
        if (account.provider === CREDENTIALS_PROVIDER_ID) {
          token.sid = stringOf(user, 'sid');
          token.role = numberOf(user, 'role');
        } else if (account.provider === OIDC_PROVIDER_ID) {
          const m = await matchSsoUser(profile?.email, profile ? Reflect.get(profile, 'email_verified') : undefined);
          if (!m.ok) throw new Error('SSO_UNMATCHED');
          const s = await openSsoSession(m.user);
          token.sid = s.sessionId;
          token.role = s.role;
          token.name = m.user.userName;
        }
        return token;
      },
      async session({ session, token }) {
        return { expires: session.expires, user: { name: typeof token.name === 'string' ? token.name : null } };
      },
    },
    events: {
      async signOut({ token }) {
        await signOutSession(sessionClaims(token)?.sid);
      },
    },
    logger: {
      error(code, metadata) {
        log().warn(
          { nextAuth: code, message: metadata instanceof Error ? metadata.message : undefined },
          'next-auth error',
        );
      },
      warn(code) {
        log().warn({ nextAuth: code }, 'next-auth warning');
      },
      debug() {},
    },
  };
}
