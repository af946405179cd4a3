import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from './e2e/support/oidc-client';
import { APP_POSTGRES_URL, APP_URL, MAILBOX_URL, OIDC_URL, ports } from './e2e/support/ports';
import { E2E_CRON_SECRET } from './e2e/support/queues';

/**
 * e2e: Debian Chromium (browsers cannot be downloaded here), the production build served by
 * `npm start` on a fresh embedded database, mail to a real SMTP server started for the run.
 *
 * The `postgres` project runs the clerk's home, the views and charts (e2e/home.spec.ts, e2e/views-reports.spec.ts:
 * the pages whose counts come from counters kept by database triggers) and the working day (e2e/working-day.spec.ts)
 * once more, against a second portal on a fresh PostgreSQL database of TEST_DATABASE_URL's server (by default the local
 * one, as e2e/two-instances.spec.ts), migrated and seeded like the first. A portal starts only when a project
 * that uses it is run: `--project=chromium` starts no PostgreSQL one, `--project=postgres` no embedded one. That
 * portal also has contextual help switched on, for e2e/help-tips.spec.ts (the help pop-up checked with axe).
 */
const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POSTGRES_SPECS = /[\\/](home|views-reports|help-tips|working-day)\.spec\.ts$/;

/** Whether this run's --project options (none: every project) take in `name`. */
function projectSelected(name: string): boolean {
  const args = process.argv;
  const chosen = args.flatMap((a, i) =>
    a === '--project' ? [args[i + 1] ?? ''] : a.startsWith('--project=') ? [a.slice('--project='.length)] : [],
  );
  return chosen.length === 0 || chosen.some((p) => p === name || p.includes('*'));
}

/** What both portals are started with (each then gets its port and URL). */
const APP_ENV = {
  SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
  MAIL_WORKER_INTERVAL_MS: '250',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  // Single sign-on against the e2e OpenID provider above.
  OIDC_ISSUER: OIDC_URL,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  // The API fuzzer's key (e2e/api-fuzz.spec.ts) makes thousands of calls a minute.
  API_RATE_LIMIT_MAX: '100000',
  // The pay link's target (spec §7); e2e asserts the href, never navigates off-machine.
  PAYMENT_URL: 'https://pay.example.com/checkout',
  // Webhooks to the receivers the specs start on this machine (the SSRF guard refuses loopback otherwise).
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  // The cron route, so that a spec can drain the queues and know that nothing else is waiting (e2e/support/queues.ts).
  CRON_SECRET: E2E_CRON_SECRET,
  WEBHOOK_WORKER_INTERVAL_MS: '250',
  // Retries within seconds (1 s, 2 s, then every 3 s for about 1.5 minutes), so a receiver a spec stops and
  // starts again gets its deliveries without waiting for the production schedule's 5-minute step.
  WEBHOOK_RETRY_SCHEDULE_SECONDS: Array.from({ length: 30 }, (_, i) => Math.min(i + 1, 3)).join(','),
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: APP_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // The home and charts specs on PostgreSQL. First, so its two files are handed to the workers before the
    // others, and are done before the API fuzzer starts its load; it depends on no project and none on it.
    {
      name: 'postgres',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: APP_POSTGRES_URL },
      testMatch: POSTGRES_SPECS,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /(api-fuzz|help-tips)\.spec\.ts/,
    },
    // The API fuzzer runs once every other spec is done, against the same portal, so its load never slows them.
    { name: 'api-fuzz', testMatch: /api-fuzz\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: [
    {
      command: `npx tsx e2e/support/mail-server.ts ${ports.smtp} ${ports.mailbox}`,
      url: `${MAILBOX_URL}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // The OpenID provider single sign-on signs in against (e2e/signin.spec.ts).
      command: `npx tsx e2e/support/oidc-server.ts ${ports.oidc} ${APP_URL}`,
      url: `${OIDC_URL}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    ...(projectSelected('chromium') || projectSelected('api-fuzz')
      ? [
          {
            command: `npx tsx e2e/support/start-app.ts ${path.join(tmpdir(), `jms-e2e-${ports.app}`)}`,
            url: `${APP_URL}/api/ready`,
            reuseExistingServer: false,
            timeout: 180_000,
            stdout: 'pipe' as const,
            env: { ...APP_ENV, PORT: String(ports.app), APP_URL },
          },
        ]
      : []),
    ...(projectSelected('postgres')
      ? [
          {
            command: `npx tsx e2e/support/start-app.ts ${path.join(tmpdir(), `jms-e2e-${ports.appPostgres}`)} --postgres '${POSTGRES_ADMIN_URL}'`,
            url: `${APP_POSTGRES_URL}/api/ready`,
            reuseExistingServer: false,
            timeout: 180_000,
            stdout: 'pipe' as const,
            // SIGTERM, so start-app.ts drops the run's database once the server has stopped.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
            // No single sign-on here: the e2e OpenID provider knows the first portal's URL only.
            // Contextual help on here (e2e/help-tips.spec.ts); the embedded portal keeps the default, off.
            env: {
              ...APP_ENV,
              PORT: String(ports.appPostgres),
              APP_URL: APP_POSTGRES_URL,
              OIDC_ISSUER: '',
              OIDC_CLIENT_ID: '',
              OIDC_CLIENT_SECRET: '',
              CONTEXTUAL_HELP_ENABLED: 'true',
            },
          },
        ]
      : []),
  ],
});
