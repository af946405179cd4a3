/**
 * OpenTelemetry to a real OTLP receiver: a production portal (`npm start` of the build, embedded database in a
 * fresh data directory) started with the standard OTEL_* variables pointing at an OTLP/HTTP receiver this spec
 * runs (JSON encoding, OTEL_EXPORTER_OTLP_PROTOCOL=http/json, as a collector accepts it). A user signs in over the
 * legacy API (password, then the e-mailed code) after one wrong password; the receiver gets the request spans of
 * the sign-in with the database queries under them, the failed sign-in counter and the request duration metric.
 *
 * Ports: E2E_PORT_BASE + 70 (the portal), + 71 (the receiver).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitReady } from '../test/faults/harness';
import { DEMO_PASSWORD, readOtp } from './support/auth';
import { ports } from './support/ports';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const base = Number(process.env.E2E_PORT_BASE ?? 3100);
const PORT = base + 70;
const RECEIVER_PORT = base + 71;
const URL_ = `http://127.0.0.1:${PORT}`;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface Received {
  spans: OtlpSpan[];
  metrics: Set<string>;
  serviceNames: Set<string>;
}

const received: Received = { spans: [], metrics: new Set(), serviceNames: new Set() };
let receiver: http.Server | undefined;
let portal: { child: ChildProcess; dataDir: string; exited: Promise<number | null> } | undefined;

type Resource = { resource?: { attributes?: { key: string; value: OtlpValue }[] } };

function collect(pathname: string, body: string): void {
  const doc = JSON.parse(body) as {
    resourceSpans?: (Resource & { scopeSpans?: { spans?: OtlpSpan[] }[] })[];
    resourceMetrics?: (Resource & { scopeMetrics?: { metrics?: { name: string }[] }[] })[];
  };
  const named = (r: Resource) => {
    const v = r.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue;
    if (v) received.serviceNames.add(v);
  };
  if (pathname === '/v1/traces')
    for (const r of doc.resourceSpans ?? []) {
      named(r);
      for (const s of r.scopeSpans ?? []) received.spans.push(...(s.spans ?? []));
    }
  if (pathname === '/v1/metrics')
    for (const r of doc.resourceMetrics ?? []) {
      named(r);
      for (const s of r.scopeMetrics ?? []) for (const m of s.metrics ?? []) received.metrics.add(m.name);
    }
}

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? v?.intValue ?? v?.boolValue ?? v?.doubleValue;
};

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        collect(new URL(req.url ?? '/', 'http://receiver').pathname, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => receiver?.listen(RECEIVER_PORT, '127.0.0.1', r));

  const dataDir = mkdtempSync(path.join(tmpdir(), 'jms-otel-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      APP_URL: URL_,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      MAIL_WORKER_INTERVAL_MS: '100',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: '',
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'jms-portal-e2e',
      OTEL_METRIC_EXPORT_INTERVAL: '1000',
      // The batch processor's own variable: export spans within half a second of their end.
      OTEL_BSP_SCHEDULE_DELAY: '500',
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  portal = { child, dataDir, exited };
  await waitReady(URL_);
});

test.afterAll(async () => {
  if (portal?.child.pid) {
    try {
      process.kill(-portal.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await portal.exited;
    rmSync(portal.dataDir, { recursive: true, force: true });
  }
  await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)));
});

test('a sign-in reaches the OTLP receiver: its request spans with their queries, the failure counter and the request duration', async ({
  request,
}) => {
  const wrong = await request.post(`${URL_}/api/Authentication/SignIn`, {
    data: { UserName: 'hv.user', Password: 'not the password' },
  });
  expect(wrong.status()).toBeLessThan(500);
  const step = await request.post(`${URL_}/api/Authentication/SignIn`, {
    data: { UserName: 'hv.user', Password: DEMO_PASSWORD },
  });
  const { ChallengeId, OtpReference } = (await step.json()) as { ChallengeId: string; OtpReference: string };
  const code = await readOtp('hv.user', OtpReference);
  const done = await request.post(`${URL_}/api/Authentication/AuthenticateUser`, { data: { ChallengeId, OTP: code } });
  expect(((await done.json()) as { jwtToken?: string }).jwtToken).toBeTruthy();

  const signInSpans = () =>
    received.spans.filter(
      (s) => s.kind === 2 && String(attr(s, 'http.route') ?? s.name).includes('/api/Authentication/SignIn'),
    );
  await expect.poll(() => signInSpans().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => received.spans.some((s) => String(attr(s, 'http.route') ?? s.name).includes('AuthenticateUser')), {
      timeout: 30_000,
    })
    .toBe(true);
  // Under the sign-in's request: the query that read the user, a client span in the same trace, without its values.
  await expect
    .poll(
      () => {
        const traces = new Set(signInSpans().map((s) => s.traceId));
        return received.spans.filter(
          (s) => s.kind === 3 && traces.has(s.traceId) && attr(s, 'db.system') === 'postgresql',
        ).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const queries = received.spans.filter((s) => s.kind === 3 && attr(s, 'db.system') === 'postgresql');
  expect(JSON.stringify(queries)).not.toContain('not the password');
  expect(JSON.stringify(queries)).not.toContain(DEMO_PASSWORD);
  // The background tasks are traced too.
  expect(received.spans.some((s) => s.name.startsWith('task '))).toBe(true);

  await expect
    .poll(() => ['jms.auth.sign_in.failures', 'http.server.request.duration'].filter((m) => received.metrics.has(m)), {
      timeout: 30_000,
    })
    .toEqual(['jms.auth.sign_in.failures', 'http.server.request.duration']);
  expect([...received.serviceNames]).toEqual(['jms-portal-e2e']);
});
