/**
 * A property-based API fuzzer driven by an OpenAPI 3.1 document (any document URL: /api/openapi.json today,
 * /api/v1/openapi.json later). The equivalent of schemathesis' default run, built from maintained libraries:
 *
 * - fast-check runs the property (seeded, reproducible, bounded by a number of runs and a time limit) and draws
 *   each case: an operation, a generation mode, a seed and the noise used to break inputs;
 * - json-schema-faker generates the path parameters and JSON bodies from the document's JSON Schemas (valid
 *   ones), which the modes then break: a field replaced by any JSON value, a whole random body, a random path
 *   segment, no credentials;
 * - Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) checks every answer against its documented schema.
 *
 * The property, per request: no 5xx; the status is documented (exactly, by range 4XX, or default); the content
 * type is one documented for that status; a JSON answer validates against its documented schema.
 *
 * Before the random run, fixed probes of shapes random generation rarely or never draws, each of which must answer
 * below 500: every path parameter as malformed percent-encoding (`%FF%FE`), signed in and not; the server actions'
 * malformed arguments and a body far past their limit (requests the document does not describe: POSTs to a page
 * with a Next-Action header); and the caller's own `probes` (e.g. a staff export naming a client that does not exist).
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';

type Json = Record<string, unknown>;

export interface FuzzOptions {
  /** Absolute URL of the OpenAPI document. */
  documentUrl: string;
  /** Where the API answers (default: the document's origin). */
  baseUrl?: string;
  /** The bearer token sent with every request but the anonymous ones, or how to get a new one (after a 401). */
  token?: string | (() => Promise<string>);
  /** Most requests to make (default 2000). */
  runs?: number;
  /** Stop drawing new requests after this long (default 120 s). */
  timeLimitMs?: number;
  /** fast-check seed (default: random; printed, so a failing run can be replayed). */
  seed?: number;
  /** Operations not to call, as 'METHOD /path' (e.g. one that ends the fuzzer's own session). */
  exclude?: readonly string[];
  /**
   * Operations to call without credentials only, as 'METHOD /path': e.g. those that check the caller's own password,
   * where random passwords would lock the fuzzer's account (as they must) and end the run.
   */
  anonymousOnly?: readonly string[];
  /** Per-request timeout (default 15 s). */
  requestTimeoutMs?: number;
  /** A page whose server action POSTs are probed (default /SignIn); null: none. */
  actionPage?: string | null;
  /** More fixed requests, each of which must answer below 500. */
  probes?: readonly Probe[];
  log?: (line: string) => void;
}

/** A fixed request outside the random run: it must answer below 500. */
export interface Probe {
  /** How the report names it, e.g. 'POST /api/Ops/Jobs/Export (a client that does not exist)'. */
  name: string;
  method: string;
  /** The path (and query) on the base URL, sent exactly as written. */
  path: string;
  headers?: Record<string, string>;
  /** The body, or a function making it (a stream is sent chunked). */
  body?: string | Uint8Array | FormData | (() => ReadableStream<Uint8Array>);
  /** The bearer token to send (default: none). */
  token?: string | (() => Promise<string>);
}

/** Malformed percent-encoding in a path segment: not UTF-8 once decoded, or not hex at all. */
export const MALFORMED_SEGMENTS = ['%FF%FE', '%C0%AF', '%E0%80', '%ZZ'] as const;

/** The server action probes of a page: arguments that are not a list, and a body far past the 1 MB limit. */
export function actionProbes(page: string): Probe[] {
  // An id of the shape Next.js gives its actions (hex); it names no action, and need not: the body is refused first.
  const action = { 'next-action': '7f'.padEnd(42, '0'), 'content-type': 'text/plain;charset=UTF-8' };
  const text = (label: string, body: string): Probe => ({
    name: `POST ${page} (server action: ${label})`,
    method: 'POST',
    path: page,
    headers: action,
    body,
  });
  const form = (label: string, fields: Record<string, string>): Probe => ({
    name: `POST ${page} (server action: ${label})`,
    method: 'POST',
    path: page,
    headers: { 'next-action': action['next-action'] },
    body: Object.entries(fields).reduce((f, [k, v]) => (f.append(k, v), f), new FormData()),
  });
  const HUGE = 20 * 1024 * 1024;
  return [
    text('not JSON', 'not json'),
    text('an object', '{"a":1}'),
    text('a number', '1'),
    text('null', 'null'),
    text('cut short', '[1,'),
    text('empty', ''),
    form('multipart without a root', { '1': '[]' }),
    form('multipart with an object root', { '0': '{}' }),
    {
      name: `POST ${page} (server action: ${HUGE / 1024 / 1024} MB, chunked)`,
      method: 'POST',
      path: page,
      headers: action,
      body: () => {
        let sent = 0;
        const chunk = new Uint8Array(64 * 1024).fill(0x20);
        return new ReadableStream<Uint8Array>({
          pull(c) {
            if (sent >= HUGE) return c.close();
            sent += chunk.byteLength;
            c.enqueue(chunk);
          },
        });
      },
    },
  ];
}

export interface FuzzFailure {
  check: 'server-error' | 'undocumented-status' | 'content-type' | 'response-schema' | 'transport';
  operation: string;
  request: { method: string; url: string; body?: string };
  status?: number;
  detail: string;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  requests: number;
  /** The fixed probes sent before the random run (not counted in requests). */
  probes: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, number>;
  failures: FuzzFailure[];
  durationMs: number;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  params: { name: string; schema: JsonSchema }[];
  body?: { mediaType: string; schema: JsonSchema; required: boolean };
  responses: Record<string, Json>;
  secured: boolean;
}

type Mode = 'valid' | 'field' | 'random-body' | 'path' | 'anonymous';

interface Case {
  op: Operation;
  mode: Mode;
  seed: number;
  noise: unknown;
  noiseKey: string;
  segment: string;
}

const MODES: readonly Mode[] = ['valid', 'valid', 'valid', 'field', 'field', 'random-body', 'path', 'anonymous'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The operations of a document, in document order. */
export function operationsOf(doc: Json, exclude: readonly string[] = []): Operation[] {
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const globalSecurity = Array.isArray(doc.security) ? doc.security : [];
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      if (exclude.includes(key)) continue;
      const params = (Array.isArray(op.parameters) ? op.parameters : [])
        .filter((p): p is Json => isRecord(p) && p.in === 'path')
        .map((p) => ({ name: String(p.name), schema: (p.schema ?? {}) as JsonSchema }));
      const rb = isRecord(op.requestBody) && isRecord(op.requestBody.content) ? op.requestBody : null;
      const content = rb && isRecord(rb.content) ? rb.content : {};
      const mediaType = Object.keys(content)[0];
      const media = mediaType ? content[mediaType] : undefined;
      const security = Array.isArray(op.security) ? op.security : globalSecurity;
      ops.push({
        key,
        method: method.toUpperCase(),
        path,
        params,
        body:
          mediaType && isRecord(media)
            ? { mediaType, schema: (media.schema ?? {}) as JsonSchema, required: rb?.required === true }
            : undefined,
        responses: isRecord(op.responses) ? (op.responses as Record<string, Json>) : {},
        secured: security.length > 0 && !security.some((s) => isRecord(s) && Object.keys(s).length === 0),
      });
    }
  }
  return ops;
}

function fake(schema: JsonSchema, seed: number): unknown {
  try {
    return generateSync(schema, { seed, maxDepth: 4, maxItems: 4, maxLength: 40, optionalsProbability: 0.6 });
  } catch {
    return undefined;
  }
}

/** A path segment the URL parser keeps as it is ('.', '..' and '' would change the path itself). */
function segment(v: unknown): string {
  if ((MALFORMED_SEGMENTS as readonly unknown[]).includes(v)) return v as string;
  const s =
    typeof v === 'string'
      ? v
      : v === undefined || v === null
        ? 'x'
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
  const safe = s === '' || s === '.' || s === '..' ? `x${s}` : s;
  return encodeURIComponent(safe);
}

interface Built {
  url: string;
  init: RequestInit;
  bodyText?: string;
}

function build(c: Case, base: string, token: string | null, anonymousOnly: readonly string[]): Built {
  const { op, seed } = c;
  const mode: Mode = anonymousOnly.includes(op.key) ? 'anonymous' : c.mode;
  let path = op.path;
  op.params.forEach((p, i) => {
    const value = mode === 'path' && i === seed % op.params.length ? c.segment : fake(p.schema, seed + i);
    path = path.replace(`{${p.name}}`, segment(value));
  });
  const headers: Record<string, string> = {};
  if (token && mode !== 'anonymous') headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method: op.method, headers, redirect: 'manual' };
  let bodyText: string | undefined;
  if (op.body && op.method !== 'GET') {
    if (op.body.mediaType === 'multipart/form-data') {
      const form = new FormData();
      const content = typeof c.noise === 'string' ? c.noise : JSON.stringify(c.noise ?? null);
      form.append('file', new Blob([content], { type: 'application/octet-stream' }), `${c.noiseKey || 'file'}.txt`);
      init.body = form;
      bodyText = `multipart: file ${c.noiseKey || 'file'}.txt (${content.length} bytes)`;
    } else {
      let body = mode === 'random-body' ? c.noise : fake(op.body.schema, seed);
      if (mode === 'field') {
        // Half the time a documented field gets a value of any type; otherwise an extra key (or the whole body) does.
        const keys = isRecord(body) ? Object.keys(body) : [];
        const key =
          keys.length > 0 && seed % 2 === 0 ? (keys[Math.floor(seed / 2) % keys.length] ?? 'x') : c.noiseKey || 'x';
        body = isRecord(body) ? { ...body, [key]: c.noise } : c.noise;
      }
      if (body !== undefined || op.body.required) {
        bodyText = JSON.stringify(body ?? null);
        headers['content-type'] = 'application/json';
        init.body = bodyText;
      }
    }
  }
  return { url: new URL(path, base).toString(), init, bodyText };
}

/** The documented response for a status: exact, then its range (4XX), then default. */
function documented(op: Operation, status: number): Json | null {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default ?? null;
}

function mediaOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export async function fuzzApi(o: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const log = o.log ?? (() => undefined);
  const docRes = await fetch(o.documentUrl);
  if (!docRes.ok) throw new Error(`the OpenAPI document answered ${docRes.status}`);
  const doc = (await docRes.json()) as Json;
  const base = o.baseUrl ?? new URL(o.documentUrl).origin;
  const ops = operationsOf(doc, o.exclude);
  if (ops.length === 0) throw new Error('the OpenAPI document has no operations');

  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const components = isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {};
  ajv.addSchema({ $id: 'openapi-components', $defs: components });
  const validators = new Map<Json, ReturnType<typeof ajv.compile>>();
  const validatorOf = (schema: Json) => {
    let v = validators.get(schema);
    if (!v) {
      const rewritten = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi-components#/$defs/'),
      ) as Json;
      v = ajv.compile(rewritten);
      validators.set(schema, v);
    }
    return v;
  };

  let token: string | null = null;
  const refreshToken = async () => {
    token = typeof o.token === 'function' ? await o.token() : (o.token ?? null);
  };
  await refreshToken();

  const report: FuzzReport = {
    seed: o.seed ?? Math.floor(Math.random() * 2 ** 31),
    operations: ops.length,
    requests: 0,
    probes: 0,
    byStatus: {},
    byOperation: {},
    failures: [],
    durationMs: 0,
  };
  const fail = (f: FuzzFailure) => {
    if (report.failures.length < 200) report.failures.push(f);
    log(
      `FAIL ${f.check} ${f.operation} ${f.status ?? ''}: ${f.detail.slice(0, 300)}\n  ${f.request.method} ${f.request.url}${f.request.body ? `\n  body: ${f.request.body.slice(0, 500)}` : ''}`,
    );
  };

  const probe = async (p: Probe) => {
    const headers: Record<string, string> = { ...p.headers };
    const bearer = typeof p.token === 'function' ? await p.token() : p.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const body = typeof p.body === 'function' ? p.body() : p.body;
    const url = `${base}${p.path}`;
    const request = { method: p.method, url, body: typeof p.body === 'string' ? p.body : undefined };
    report.probes += 1;
    try {
      const res = await fetch(url, {
        method: p.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.max(o.requestTimeoutMs ?? 15_000, 60_000)),
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
      const text = await res.text();
      report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
      if (res.status >= 500)
        fail({ check: 'server-error', operation: p.name, request, status: res.status, detail: text.slice(0, 300) });
    } catch (e) {
      fail({ check: 'transport', operation: p.name, request, detail: String(e) });
    }
  };
  // Every path parameter malformed, signed in and not.
  for (const op of ops) {
    if (op.params.length === 0) continue;
    for (const bad of MALFORMED_SEGMENTS.slice(0, 1))
      for (const signedIn of op.secured && token ? [true, false] : [false]) {
        let path = op.path;
        op.params.forEach((p, i) => (path = path.replace(`{${p.name}}`, i === 0 ? bad : segment(fake(p.schema, i)))));
        await probe({
          name: `${op.key} (${bad} in {${op.params[0]!.name}})`,
          method: op.method,
          path,
          ...(op.body?.mediaType === 'application/json'
            ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(fake(op.body.schema, 1) ?? {}) }
            : {}),
          token: signedIn ? (token ?? undefined) : undefined,
        });
      }
  }
  const page = o.actionPage === undefined ? '/SignIn' : o.actionPage;
  for (const p of [...(page ? actionProbes(page) : []), ...(o.probes ?? [])]) await probe(p);

  const caseArb: fc.Arbitrary<Case> = fc.record({
    op: fc.constantFrom(...ops),
    mode: fc.constantFrom(...MODES),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    noise: fc.jsonValue({ maxDepth: 3 }),
    noiseKey: fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('UserId', 'ClientId', 'Role', '__proto__', 'constructor'),
    ),
    segment: fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.integer().map(String),
      fc.constantFrom(
        '0',
        '-1',
        '2147483648',
        '99999999999999999999',
        '1e3',
        'null',
        '%00',
        ' ',
        ...MALFORMED_SEGMENTS,
      ),
    ),
  });

  const property = fc.asyncProperty(caseArb, async (c) => {
    const anonymousOnly = o.anonymousOnly ?? [];
    let built = build(c, base, token, anonymousOnly);
    let res: Response;
    let text: string;
    try {
      res = await fetch(built.url, { ...built.init, signal: AbortSignal.timeout(o.requestTimeoutMs ?? 15_000) });
      if (res.status === 401 && c.mode !== 'anonymous' && c.op.secured && typeof o.token === 'function') {
        await res.arrayBuffer().catch(() => undefined);
        await refreshToken();
        built = build(c, base, token, anonymousOnly);
        res = await fetch(built.url, { ...built.init, signal: AbortSignal.timeout(o.requestTimeoutMs ?? 15_000) });
      }
      text = await res.text();
    } catch (e) {
      report.requests += 1;
      fail({
        check: 'transport',
        operation: c.op.key,
        request: { method: c.op.method, url: built.url, body: built.bodyText },
        detail: String(e),
      });
      return true;
    }
    report.requests += 1;
    report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
    report.byOperation[c.op.key] = (report.byOperation[c.op.key] ?? 0) + 1;
    const request = { method: c.op.method, url: built.url, body: built.bodyText };
    if (res.status >= 500) {
      const expected = documented(c.op, res.status);
      // A documented 503 (e.g. readiness while draining) is an answer; any other 5xx is a fault.
      if (!(res.status === 503 && c.op.responses['503']))
        fail({ check: 'server-error', operation: c.op.key, request, status: res.status, detail: text.slice(0, 300) });
      if (!expected) return true;
    }
    const doc = documented(c.op, res.status);
    if (!doc) {
      fail({
        check: 'undocumented-status',
        operation: c.op.key,
        request,
        status: res.status,
        detail: `documented: ${Object.keys(c.op.responses).join(', ')}`,
      });
      return true;
    }
    const content = isRecord(doc.content) ? doc.content : null;
    if (!content) return true;
    const media = mediaOf(res.headers.get('content-type'));
    const entry = content[media] ?? content[`${media.split('/')[0] ?? ''}/*`] ?? content['*/*'];
    if (!isRecord(entry)) {
      fail({
        check: 'content-type',
        operation: c.op.key,
        request,
        status: res.status,
        detail: `got '${media}', documented: ${Object.keys(content).join(', ')}`,
      });
      return true;
    }
    if (media === 'application/json' && isRecord(entry.schema)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        fail({
          check: 'response-schema',
          operation: c.op.key,
          request,
          status: res.status,
          detail: `not JSON: ${text.slice(0, 200)}`,
        });
        return true;
      }
      const validate = validatorOf(entry.schema);
      if (!validate(value)) {
        fail({
          check: 'response-schema',
          operation: c.op.key,
          request,
          status: res.status,
          detail: `${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`,
        });
      }
    }
    return true;
  });

  await fc.assert(property, {
    numRuns: o.runs ?? 2000,
    seed: report.seed,
    interruptAfterTimeLimit: o.timeLimitMs ?? 120_000,
    markInterruptAsFailure: false,
    endOnFailure: true,
  });
  report.durationMs = Date.now() - started;
  return report;
}

/** One line per figure, for CI logs. */
export function summarise(r: FuzzReport): string {
  const statuses = Object.entries(r.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const covered = Object.keys(r.byOperation).length;
  return [
    `API fuzzer: ${r.requests} requests to ${covered} of ${r.operations} operations in ${(r.durationMs / 1000).toFixed(1)} s (seed ${r.seed}), after ${r.probes} fixed probes.`,
    `Statuses: ${statuses}.`,
    `${r.failures.length} failures.`,
  ].join('\n');
}
