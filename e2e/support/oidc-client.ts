/** The e2e OpenID provider's client for the portal (shared by playwright.config.ts and oidc-server.ts). */
export const OIDC_CLIENT_ID = 'jms-portal-e2e';
export const OIDC_CLIENT_SECRET = 'e2e-only-oidc-client-secret-0123456789';
