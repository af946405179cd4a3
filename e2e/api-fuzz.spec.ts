/**
 * The property-based API fuzzer (test/api-fuzz/fuzzer.ts) against the running portal, with a bearer token:
 * requests generated from /api/openapi.json (valid ones, and ones broken field by field, whole random bodies,
 * random path segments, no credentials), after fixed probes (malformed percent-encoding in every path parameter, the
 * server actions' malformed arguments and a 20 MB body, a staff export naming a client that does not exist). Passes when no answer is a 5xx, an undocumented status, an undocumented
 * content type or a JSON answer that breaks its documented schema. Prints how many requests it made.
 *
 * The same fuzzer then runs against /api/v1/openapi.json with an API key made in /Ops/ApiKeys (issue 14).
 *
 * FUZZ_RUNS, FUZZ_SECONDS (FUZZ_V1_SECONDS for /api/v1) and FUZZ_SEED tune it (defaults: 4000 requests, 150 s, a random seed printed with the
 * figures so that a failing run can be replayed).
 */
import { expect, test } from '@playwright/test';
import { fuzzApi, summarise } from '../test/api-fuzz/fuzzer';
import { apiToken, signIn } from './support/auth';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 150);
/** The integration API (/api/v1) is smaller: a third of the time by default (FUZZ_V1_SECONDS). */
const V1_SECONDS = Number(process.env.FUZZ_V1_SECONDS ?? Math.max(30, Math.round(SECONDS / 3)));

test.setTimeout((SECONDS + 90) * 1000);

test('the API fuzzer finds no 5xx and no answer that breaks the OpenAPI document', async ({ playwright }, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL ?? '');
  const request = await playwright.request.newContext({ baseURL });
  const report = await fuzzApi({
    documentUrl: new URL('/api/openapi.json', baseURL).toString(),
    // The fuzzer's own client administrator (e2e/support/fixtures.ts); a new token if a call ends the session.
    token: () => apiToken(request, 'e2e.fuzzer'),
    runs: Number(process.env.FUZZ_RUNS ?? 4000),
    timeLimitMs: SECONDS * 1000,
    seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
    // Ends the fuzzer's own session: every later call would only test the 401.
    exclude: ['GET /api/Authentication/SignOut'],
    // They check the caller's own password: random ones count as failed attempts and lock the account (by design).
    anonymousOnly: [
      'POST /api/Authentication/VerifyCurrentPassword',
      'POST /api/Authentication/VerifyUserCurrentPassword',
      'POST /api/Settings/User/Update',
    ],
    // Shapes random generation does not draw: as staff, an export naming a client that does not exist. (Malformed
    // path parameters and the server actions' malformed arguments and oversized body are probed by the fuzzer.)
    probes: [
      {
        name: 'POST /api/Ops/Jobs/Export (a client that does not exist)',
        method: 'POST',
        path: '/api/Ops/Jobs/Export',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ClientId: 2147483647 }),
        token: () => apiToken(request, 'staff.admin'),
      },
    ],
    log: (line) => console.log(line),
  });
  console.log(summarise(report));
  await request.dispose();
  expect(report.probes).toBeGreaterThan(10);
  expect(report.requests).toBeGreaterThan(200);
  expect(Object.keys(report.byOperation).length).toBe(report.operations);
  expect(report.failures).toEqual([]);
});

test('the API fuzzer finds no 5xx and no answer that breaks the /api/v1 OpenAPI document', async ({
  browser,
}, testInfo) => {
  test.setTimeout((V1_SECONDS + 120) * 1000);
  const baseURL = String(testInfo.project.use.baseURL ?? '');
  // A key with every scope, made the way a provider administrator makes one (/Ops/ApiKeys).
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, 'staff.admin', undefined, { landing: /\/Ops$/ });
  await page.goto('/Ops/ApiKeys');
  const form = page.getByRole('form', { name: 'New API key' });
  await form.getByLabel('Name').fill(`API fuzzer ${Date.now().toString(36)}`);
  for (const scope of ['jobs:read', 'jobs:write', 'invoices:write', 'files:write'])
    await form.getByRole('checkbox', { name: scope }).check();
  await form.getByRole('button', { name: 'Create API key' }).click();
  const key = await page.getByRole('textbox', { name: 'The new API key' }).inputValue();
  await page.context().close();
  expect(key).toMatch(/^jms_/);

  const report = await fuzzApi({
    documentUrl: new URL('/api/v1/openapi.json', baseURL).toString(),
    token: key,
    runs: Number(process.env.FUZZ_RUNS ?? 4000),
    timeLimitMs: V1_SECONDS * 1000,
    seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
    // The first run probed the server actions already.
    actionPage: null,
    log: (line) => console.log(line),
  });
  console.log(summarise(report).replace('API fuzzer:', 'API fuzzer (/api/v1):'));
  expect(report.requests).toBeGreaterThan(100);
  expect(Object.keys(report.byOperation).length).toBe(report.operations);
  expect(report.failures).toEqual([]);
});
