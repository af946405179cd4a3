/**
 * The forced authenticator-app set-up ("require two-factor"): a firm that requires an authenticator
 * app sends each of its users without one to this step after sign-in, before any page of the portal. The gate
 * is the session itself (lib/auth/session.ts marks the actor `twoFactorSetupRequired`), so pages
 * (requirePageActor), server actions (lib/http/action.ts, through admitActor) and api/* (apiRoute) all refuse everything but the set-up
 * until an app is confirmed. Browser-safe.
 */
export const TWO_FACTOR_SETUP_PATH = '/TwoFactorSetup';
export const TWO_FACTOR_SETUP_MSG =
  'Your organisation requires an authenticator app. Please set one up before you continue.';
