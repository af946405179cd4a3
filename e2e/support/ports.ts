/** Ports of the e2e servers; E2E_PORT_BASE moves them all (to run several suites side by side). */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

export const ports = {
  app: base,
  oidc: base + 1,
  smtp: base + 2,
  mailbox: base + 3,
  /** The second portal, on PostgreSQL (the `postgres` project of playwright.config.ts). */
  appPostgres: base + 4,
};

export const APP_URL = `http://127.0.0.1:${ports.app}`;
export const MAILBOX_URL = `http://127.0.0.1:${ports.mailbox}`;
export const APP_POSTGRES_URL = `http://127.0.0.1:${ports.appPostgres}`;
export const OIDC_URL = `http://127.0.0.1:${ports.oidc}`;
