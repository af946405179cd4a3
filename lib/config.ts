/**
 * Configuration, parsed once from the environment with zod. Nothing else reads process.env.
 * A bad value fails fast with a readable list (see ConfigError).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const bool = (dflt: boolean) =>
  z
    .preprocess(emptyToUndefined, z.enum(['1', '0', 'true', 'false', 'yes', 'no']).optional())
    .transform((v) => (v === undefined ? dflt : ['1', 'true', 'yes'].includes(v)));
/** A yes/no that may be left unset (undefined: the caller decides the default). */
const optionalBool = () =>
  z
    .preprocess(emptyToUndefined, z.enum(['1', '0', 'true', 'false', 'yes', 'no']).optional())
    .transform((v) => (v === undefined ? undefined : ['1', 'true', 'yes'].includes(v)));
/** An OTLP/HTTP endpoint: an http(s) URL, or unset. */
const otlpUrl = () =>
  z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  );
const int = (dflt: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional()).transform((v) => v ?? dflt);

/** A 32-byte key written as 64 hex digits or base64 (standard or url-safe), else null. */
export function decodeKey(v: string): Buffer | null {
  const t = v.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(t)
    ? Buffer.from(t, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(t)
      ? Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null;
  return bytes && bytes.length === 32 ? bytes : null;
}

export const DEFAULT_DEMO_PASSWORD = 'Harbour#Vale2026';

const envSchema = z.object({
  NODE_ENV: z
    .preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).optional())
    .transform((v) => v ?? 'development'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATA_DIR: z
    .preprocess(emptyToUndefined, z.string().optional())
    .transform((v) => path.resolve(/*turbopackIgnore: true*/ v ?? './data')),
  PORT: int(3000, 1, 65535),
  APP_URL: optionalUrl,
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Encrypts authenticator-app secrets at rest: 32 random bytes, base64 or hex. */
  TOTP_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => decodeKey(v) !== null, 'must be 32 bytes, base64 or hex (openssl rand -base64 32)')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z
    .preprocess(emptyToUndefined, z.string().optional())
    .transform((v) => v ?? 'JMS Portal <no-reply@jms.example.com>'),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()).transform((v) => v ?? 'support@jms.example.com'),
  /** The provider's operations inbox: told of a firm's cancellation, amendment or change request. Unset: SUPPORT_EMAIL. */
  OPS_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  DEMO_PASSWORD: optionalString.transform((v) => v ?? DEFAULT_DEMO_PASSWORD),
  UPLOAD_DIR: optionalString,
  PAYMENT_URL: optionalUrl,
  /** The court copying practice note the court copy order links to ("I agree to the practice note"); unset: no link. */
  PRACTICE_NOTE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  /**
   * The invoice numbers of each firm's own series: `{account}` is the firm's account number, `{n}` the next number of
   * its series (`{n:6}`: zero-padded to 6 digits). Letters, digits, - and / around them.
   */
  INVOICE_NUMBER_FORMAT: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^[A-Za-z0-9/-]*(\{account\}[A-Za-z0-9/-]*)?\{n(:\d)?\}[A-Za-z0-9/-]*$|^[A-Za-z0-9/-]*\{n(:\d)?\}[A-Za-z0-9/-]*\{account\}[A-Za-z0-9/-]*$/,
          'must contain {n} once (and {account} at most once), with letters, digits, - and / around them',
        )
        .optional(),
    )
    .transform((v) => v ?? 'INV-{account}-{n}'),
  /** The payments page takes several invoices at once (payment_reference a comma-separated list, payment_amount their sum). */
  PAYMENT_MULTIPLE: bool(false),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  LOG_LEVEL: z
    .preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional())
    .transform((v) => v ?? 'info'),
  /** Sign-in: OTP lifetime, failed attempts before lock, failures before captcha. */
  OTP_TTL_SECONDS: int(300, 30, 3600),
  LOGIN_ATTEMPT_LIMIT: int(5, 1, 100),
  CAPTCHA_AFTER_FAILURES: int(3, 0, 100),
  /** Password maximum age in days; 0 means passwords never expire. */
  PASSWORD_MAX_AGE_DAYS: int(90, 0, 3650),
  RESET_TOKEN_TTL_MINUTES: int(60, 5, 10080),
  SESSION_IDLE_MINUTES: int(60, 5, 1440),
  SESSION_ABSOLUTE_HOURS: int(12, 1, 720),
  MAX_UPLOAD_BYTES: int(52428800, 1),
  /** The largest request body any api/* route reads when it names no larger one (uploads do): past it, 413. */
  MAX_BODY_BYTES: int(1048576, 1024),
  BLOCKED_EXTENSIONS: optionalString.transform((v) =>
    (v ?? 'exe,bat,cmd,com,cpl,scr,pif,js,jse,vbs,vbe,wsf,wsh,ps1,psm1,jar,dll,msi,msp,sh,hta,reg,lnk,app,dmg,apk,iso')
      .split(',')
      .map((s) => s.trim().toLowerCase().replace(/^\./, ''))
      .filter(Boolean),
  ),
  MAX_INSTRUCTIONS_LENGTH: int(1000, 1, 100000),
  CONTEXTUAL_HELP_ENABLED: bool(false),
  /** The in-process timer of the mail outbox and the job alert digests (off on a serverless platform: after() and the cron route send). */
  MAIL_WORKER_ENABLED: bool(true),
  MAIL_WORKER_INTERVAL_MS: int(2000, 100, 600000),
  MAIL_MAX_ATTEMPTS: int(10, 1, 100),
  /** The in-process timer of the webhook outbox worker (lib/webhooks/worker.ts) in this instance (the cron route runs it too). */
  WEBHOOK_WORKER_ENABLED: bool(true),
  WEBHOOK_WORKER_INTERVAL_MS: int(2000, 100, 600000),
  /** How long one webhook delivery attempt may take in all (connect, send, answer). */
  WEBHOOK_TIMEOUT_MS: int(10000, 100, 120000),
  /** Seconds to wait after the 1st, 2nd, … failed attempt; one attempt more than entries, then the delivery fails. */
  WEBHOOK_RETRY_SCHEDULE_SECONDS: optionalString
    .transform((v) => (v ?? '5,300,1800,7200,18000,36000,36000').split(',').map((x) => Number(x.trim())))
    .refine((a) => a.length >= 1 && a.length <= 30 && a.every((n) => Number.isInteger(n) && n >= 1 && n <= 7 * 86400), {
      message: 'a comma-separated list of 1 to 30 waits in whole seconds (1 to 604800 each)',
    }),
  /**
   * A reverse proxy in front of the portal sets X-Forwarded-Host: Next.js may read it. Off (the default), proxy.ts
   * removes the header from every page request and server action, so a caller cannot choose the host Next.js
   * compares a server action's Origin with.
   */
  TRUST_PROXY: bool(false),
  /** Webhooks to loopback/private/link-local addresses (SSRF guard); default: refused in production, allowed otherwise. */
  WEBHOOK_ALLOW_PRIVATE_URLS: optionalBool(),
  /** Where `next build` writes (and `npm start` serves from). */
  NEXT_DIST_DIR: optionalString.transform((v) => v ?? '.next'),
  BUILD_NUMBER: optionalString,
  BUILD_VERSION: optionalString,
  /** Object storage (S3 or compatible): files go to this bucket instead of UPLOAD_DIR when S3_BUCKET is set. */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style URLs (http://host/bucket/key), which S3-compatible servers need; default: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: optionalBool(),
  /** Downloads answer a redirect to a presigned URL (lifetime S3_PRESIGN_SECONDS) instead of streaming through the portal. */
  S3_PRESIGNED_DOWNLOADS: bool(false),
  S3_PRESIGN_SECONDS: int(60, 1, 60),
  /**
   * Source files go from the browser straight to the bucket (a presigned PUT with the file's size and SHA-256),
   * then the portal checks the object (size, SHA-256, clamd) before it is attached. Needs CORS on the bucket.
   */
  S3_DIRECT_UPLOADS: bool(false),
  /** Malware scanning: clamd's host (INSTREAM over TCP); unset: no scanning. */
  CLAMAV_HOST: optionalString,
  CLAMAV_PORT: int(3310, 1, 65535),
  CLAMAV_TIMEOUT_MS: int(30000, 100, 600000),
  /** The integration API (/api/v1): calls each API key may make per window; past it, 429 with Retry-After. */
  API_RATE_LIMIT_MAX: int(600, 1, 1_000_000),
  API_RATE_LIMIT_WINDOW_SECONDS: int(60, 1, 86400),
  /** How long /api/v1 keeps an Idempotency-Key's answer to replay (hours). */
  API_IDEMPOTENCY_TTL_HOURS: int(24, 1, 720),
  /** How often each instance removes orphaned files older than a day; 0 turns this instance's timer off (the cron route still sweeps). */
  ORPHAN_SWEEP_INTERVAL_MINUTES: int(60, 0, 10080),
  /** How often each instance looks for payment reminders whose day has come; 0 turns this instance's timer off (the cron route still sends them). */
  PAYMENT_REMINDER_INTERVAL_MINUTES: int(60, 0, 1440),
  /**
   * News as it happens (lib/jobs/news-stream.ts): how often an open stream looks for news even when no NOTIFY came
   * (and how often a browser without a stream asks), its heartbeat, and how long one stream lasts before the
   * browser reconnects (under a serverless platform's response limit).
   */
  LIVE_POLL_MS: int(3000, 500, 60000),
  LIVE_HEARTBEAT_SECONDS: int(15, 1, 300),
  LIVE_STREAM_SECONDS: int(55, 5, 3600),
  /**
   * PostgreSQL pool (db/client.ts): how long opening a connection may take, how long an unused one stays open
   * (short, so a serverless function holds no idle connections between calls), and how long any one lives
   * (a failover or a pooler change is picked up within it). Readiness fails when a query takes longer than
   * DB_READY_TIMEOUT_MS.
   */
  DB_CONNECT_TIMEOUT_SECONDS: int(10, 1, 300),
  DB_IDLE_TIMEOUT_SECONDS: int(20, 0, 86400),
  DB_MAX_LIFETIME_SECONDS: int(1800, 0, 86400),
  DB_READY_TIMEOUT_MS: int(2000, 100, 60000),
  /** The bearer secret of the cron route (GET /api/cron/run); unset: the route is disabled (404). */
  CRON_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * OpenTelemetry, by the standard variables (README, "Sending traces and metrics to a collector"): off unless an
   * OTLP endpoint is set. The SDK reads these itself (and OTEL_EXPORTER_OTLP_HEADERS, OTEL_RESOURCE_ATTRIBUTES,
   * OTEL_TRACES_SAMPLER…); they are parsed here so that a bad one fails at start and the switch is decided once.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl(),
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: otlpUrl(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.preprocess(emptyToUndefined, z.enum(['http/protobuf', 'http/json']).optional()),
  OTEL_SERVICE_NAME: optionalString.transform((v) => v ?? 'jms-portal'),
  OTEL_SDK_DISABLED: bool(false),
  /** How often metrics are exported, in milliseconds (the OpenTelemetry default: 60 s). */
  OTEL_METRIC_EXPORT_INTERVAL: int(60000, 100, 3_600_000),
});

export type Config = z.infer<typeof envSchema> & {
  /** The public URL of the application (links in e-mails are built from it, never from the Host header). */
  appUrl: string;
  authSecret: string;
  /** The 32-byte key of the authenticator-app secrets (TOTP_ENCRYPTION_KEY, or generated/derived: see parseConfig). */
  totpKey: Buffer;
  embedded: boolean;
  uploadDir: string;
  /** What OpenTelemetry exports: traces and metrics each when an endpoint for them is set and the SDK not disabled. */
  telemetry: { traces: boolean; metrics: boolean };
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function embeddedSecret(
  dataDir: string,
  name = 'auth-secret',
  make = () => randomBytes(48).toString('base64url'),
): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses an environment (process.env by default). Throws ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const c = result.data;
  const embedded = !c.DATABASE_URL;
  const problems: string[] = [];
  if (!c.AUTH_SECRET && !embedded && c.NODE_ENV === 'production') {
    problems.push('AUTH_SECRET: required in production when DATABASE_URL is set (at least 32 characters)');
  }
  if (!c.TOTP_ENCRYPTION_KEY && !embedded && c.NODE_ENV === 'production') {
    problems.push(
      'TOTP_ENCRYPTION_KEY: required in production when DATABASE_URL is set (32 bytes, base64 or hex: openssl rand -base64 32)',
    );
  }
  if (
    (c.OIDC_ISSUER || c.OIDC_CLIENT_ID || c.OIDC_CLIENT_SECRET) &&
    !(c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET)
  ) {
    problems.push(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three to enable single sign-on, or none',
    );
  }
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS default credentials (environment, instance role)',
    );
  }
  if (!c.S3_BUCKET && (c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID || c.S3_PRESIGNED_DOWNLOADS || c.S3_DIRECT_UPLOADS)) {
    problems.push(
      'S3_BUCKET: required when S3_ENDPOINT, S3 credentials, S3_PRESIGNED_DOWNLOADS or S3_DIRECT_UPLOADS are set',
    );
  }
  if (c.S3_BUCKET && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(c.S3_BUCKET)) {
    problems.push('S3_BUCKET: not a valid bucket name (3-63 lower-case letters, digits, dots and hyphens)');
  }
  if (problems.length) throw new ConfigError(problems);
  const authSecret =
    c.AUTH_SECRET ?? (embedded ? embeddedSecret(c.DATA_DIR) : 'development-only-secret-not-for-production-use');
  // Embedded: generated once into DATA_DIR/totp-key like the auth secret. PostgreSQL outside production:
  // derived from the auth secret (a development database only; production requires its own key).
  const totpKey =
    (c.TOTP_ENCRYPTION_KEY ? decodeKey(c.TOTP_ENCRYPTION_KEY) : null) ??
    (embedded
      ? decodeKey(embeddedSecret(c.DATA_DIR, 'totp-key', () => randomBytes(32).toString('base64url')))
      : createHash('sha256').update(`totp-key:${authSecret}`).digest());
  if (!totpKey)
    throw new ConfigError([`TOTP_ENCRYPTION_KEY: the key in ${path.join(c.DATA_DIR, 'totp-key')} is not 32 bytes`]);
  return {
    ...c,
    embedded,
    totpKey,
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    authSecret,
    telemetry: {
      traces: !c.OTEL_SDK_DISABLED && Boolean(c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? c.OTEL_EXPORTER_OTLP_ENDPOINT),
      metrics: !c.OTEL_SDK_DISABLED && Boolean(c.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT ?? c.OTEL_EXPORTER_OTLP_ENDPOINT),
    },
    uploadDir: path.resolve(/*turbopackIgnore: true*/ c.UPLOAD_DIR ?? path.join(c.DATA_DIR, 'uploads')),
  };
}

let cached: Config | undefined;

/** The process configuration, parsed on first use. */
export function config(): Config {
  cached ??= parseConfig();
  return cached;
}

/** Tests only: forget the parsed configuration so a changed environment is read again. */
export function resetConfigForTests(): void {
  cached = undefined;
}
