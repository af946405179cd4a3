import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DEMO_PASSWORD, parseConfig } from './config';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'jms-config-'));

describe('configuration', () => {
  it('defaults to the embedded database with a generated secret kept under DATA_DIR', () => {
    const dir = tmp();
    const c = parseConfig({ DATA_DIR: dir });
    expect(c.embedded).toBe(true);
    expect(c.PORT).toBe(3000);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.DEMO_PASSWORD).toBe(DEFAULT_DEMO_PASSWORD);
    expect(c.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8')).toBe(c.authSecret);
    // The same secret on the next start, so sessions survive a restart.
    expect(parseConfig({ DATA_DIR: dir }).authSecret).toBe(c.authSecret);
    expect(c.uploadDir).toBe(path.join(dir, 'uploads'));
  });

  it('takes the practice note link as an http(s) URL only, and none when unset', () => {
    expect(parseConfig({ DATA_DIR: tmp() }).PRACTICE_NOTE_URL).toBeUndefined();
    expect(
      parseConfig({ DATA_DIR: tmp(), PRACTICE_NOTE_URL: 'https://courts.example.gov/practice-note-7' })
        .PRACTICE_NOTE_URL,
    ).toBe('https://courts.example.gov/practice-note-7');
    expect(() => parseConfig({ DATA_DIR: tmp(), PRACTICE_NOTE_URL: 'javascript:alert(1)' })).toThrow(
      /PRACTICE_NOTE_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it('lists every problem in one readable error', () => {
    let error: unknown;
    try {
      parseConfig({ DATABASE_URL: 'mysql://x', PORT: 'eighty', APP_URL: 'not a url', SMTP_URL: 'http://mail' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('PORT:');
    expect(message).toContain('APP_URL:');
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
  });

  it('requires AUTH_SECRET in production with PostgreSQL', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/jms' })).toThrow(
      /AUTH_SECRET: required in production/,
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    const c = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/jms',
      AUTH_SECRET: 'x'.repeat(40),
      TOTP_ENCRYPTION_KEY: key,
      APP_URL: 'https://portal.example.com/',
    });
    expect(c.embedded).toBe(false);
    expect(c.totpKey.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(c.appUrl).toBe('https://portal.example.com');
  });

  it('requires TOTP_ENCRYPTION_KEY in production with PostgreSQL; 32 bytes, base64 or hex', () => {
    const prod = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/jms', AUTH_SECRET: 'x'.repeat(40) };
    expect(() => parseConfig(prod)).toThrow(/TOTP_ENCRYPTION_KEY: required in production/);
    expect(() => parseConfig({ ...prod, TOTP_ENCRYPTION_KEY: 'too-short' })).toThrow(
      /TOTP_ENCRYPTION_KEY: must be 32 bytes/,
    );
    expect(() => parseConfig({ ...prod, TOTP_ENCRYPTION_KEY: Buffer.alloc(31).toString('base64') })).toThrow(
      /TOTP_ENCRYPTION_KEY: must be 32 bytes/,
    );
    expect(parseConfig({ ...prod, TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) }).totpKey.equals(Buffer.alloc(32, 0xab))).toBe(
      true,
    );
    expect(
      parseConfig({ ...prod, TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 0xfb).toString('base64url') }).totpKey.equals(
        Buffer.alloc(32, 0xfb),
      ),
    ).toBe(true);
  });

  it('embedded: the TOTP key is generated once into DATA_DIR/totp-key; PostgreSQL outside production derives it from AUTH_SECRET', () => {
    const dir = tmp();
    const c = parseConfig({ DATA_DIR: dir });
    expect(c.totpKey).toHaveLength(32);
    expect(readFileSync(path.join(dir, 'totp-key'), 'utf8')).toBe(c.totpKey.toString('base64url'));
    expect(parseConfig({ DATA_DIR: dir }).totpKey.equals(c.totpKey)).toBe(true);
    const dev = parseConfig({ DATABASE_URL: 'postgres://db/jms', AUTH_SECRET: 'y'.repeat(40) });
    expect(dev.totpKey).toHaveLength(32);
    expect(dev.totpKey.equals(c.totpKey)).toBe(false);
  });

  it('wants all three OIDC settings or none', () => {
    expect(() => parseConfig({ DATA_DIR: tmp(), OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
  });

  it('OpenTelemetry: off unless an OTLP endpoint is set, each signal by its own endpoint, all off when disabled', () => {
    const on = (env: Record<string, string>) => parseConfig({ DATA_DIR: tmp(), ...env }).telemetry;
    expect(on({})).toEqual({ traces: false, metrics: false });
    expect(on({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ traces: true, metrics: true });
    expect(on({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toEqual({
      traces: true,
      metrics: false,
    });
    expect(on({ OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://collector:4318/v1/metrics' })).toEqual({
      traces: false,
      metrics: true,
    });
    expect(on({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toEqual({
      traces: false,
      metrics: false,
    });
    expect(parseConfig({ DATA_DIR: tmp() }).OTEL_SERVICE_NAME).toBe('jms-portal');
    expect(() => parseConfig({ DATA_DIR: tmp(), OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => parseConfig({ DATA_DIR: tmp(), OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL/,
    );
  });

  it('parses the blocked extension list', () => {
    const c = parseConfig({ DATA_DIR: tmp(), BLOCKED_EXTENSIONS: '.EXE, bat ,js' });
    expect(c.BLOCKED_EXTENSIONS).toEqual(['exe', 'bat', 'js']);
  });
});
