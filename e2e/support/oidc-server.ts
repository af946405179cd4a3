/**
 * A real OpenID Connect provider for the e2e single sign-on tests (oidc-provider, with its
 * development login page: any login name; the e-mail claim is <login>@example.com). Consent is
 * granted automatically. Usage: tsx e2e/support/oidc-server.ts PORT APP_URL
 */
import Provider from 'oidc-provider';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from './oidc-client';

const port = Number(process.argv[2] ?? 3101);
const appUrl = (process.argv[3] ?? 'http://127.0.0.1:3100').replace(/\/$/, '');
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: OIDC_CLIENT_ID,
      client_secret: OIDC_CLIENT_SECRET,
      redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, email: id.includes('@') ? id : `${id}@example.com`, email_verified: true, name: id };
      },
    };
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['e2e-only-cookie-signing-key'] },
  async loadExistingGrant(ctx) {
    const { oidc } = ctx;
    const existing = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
    if (existing) return oidc.provider.Grant.find(existing);
    const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
});

provider.listen(port, '127.0.0.1', () => console.log(`e2e OpenID provider: ${issuer}`));
