/**
 * Runs the property-based API fuzzer (test/api-fuzz/fuzzer.ts) against a running portal:
 *
 *   npx tsx scripts/fuzz-api.ts --url http://localhost:3000/api/openapi.json [--token JWT] [--runs 2000]
 *     [--time-limit 120] [--seed 42] [--exclude 'GET /api/Authentication/SignOut'] [--staff-token JWT]
 *     [--action-page /SignIn]
 *
 * Before the random run it sends fixed probes (malformed percent-encoding in every path parameter, malformed server
 * action arguments and a 20 MB server action body to --action-page; with a staff token, an export naming a client
 * that does not exist). The token may also come from FUZZ_TOKEN, the staff token from FUZZ_STAFF_TOKEN. Prints the number of requests and every failure; exits 1 on any.
 */
import { fuzzApi, summarise, type Probe } from '../test/api-fuzz/fuzzer';

/** With a staff token: the staff queue export naming a client that does not exist (a 400, never a 500). */
function staffProbes(token: string | undefined): Probe[] {
  if (!token) return [];
  return [
    {
      name: 'POST /api/Ops/Jobs/Export (a client that does not exist)',
      method: 'POST',
      path: '/api/Ops/Jobs/Export',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ClientId: 2147483647 }),
      token,
    },
  ];
}

function args(argv: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i];
    const v = argv[i + 1];
    if (!k?.startsWith('--') || v === undefined) throw new Error(`unexpected argument: ${k ?? ''}`);
    out.set(k.slice(2), [...(out.get(k.slice(2)) ?? []), v]);
  }
  return out;
}

const a = args(process.argv.slice(2));
const one = (k: string) => a.get(k)?.[0];
const url = one('url');
if (!url) {
  console.error(
    'usage: tsx scripts/fuzz-api.ts --url <OpenAPI document URL> [--token JWT] [--runs N] [--time-limit SECONDS] [--seed N] [--exclude "METHOD /path"]... [--staff-token JWT] [--action-page PATH]',
  );
  process.exit(2);
}
const report = await fuzzApi({
  documentUrl: url,
  token: one('token') ?? process.env.FUZZ_TOKEN,
  runs: one('runs') ? Number(one('runs')) : undefined,
  timeLimitMs: one('time-limit') ? Number(one('time-limit')) * 1000 : undefined,
  seed: one('seed') ? Number(one('seed')) : undefined,
  exclude: a.get('exclude') ?? [],
  actionPage: one('action-page') ?? '/SignIn',
  probes: staffProbes(one('staff-token') ?? process.env.FUZZ_STAFF_TOKEN),
  log: (line) => console.log(line),
});
console.log(summarise(report));
process.exit(report.failures.length === 0 ? 0 : 1);
