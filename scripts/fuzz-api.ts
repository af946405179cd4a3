/**
 * Runs the property-based API fuzzer (test/api-fuzz/fuzzer.ts) against a running portal:
 *
 *   npx tsx scripts/fuzz-api.ts --url http://localhost:3000/api/openapi.json [--token JWT] [--runs 2000]
 *     [--time-limit 120] [--seed 42] [--exclude 'GET /api/Authentication/SignOut']
 *
 * The token may also come from FUZZ_TOKEN. Prints the number of requests and every failure; exits 1 on any.
 */
import { fuzzApi, summarise } from '../test/api-fuzz/fuzzer';

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
    'usage: tsx scripts/fuzz-api.ts --url <OpenAPI document URL> [--token JWT] [--runs N] [--time-limit SECONDS] [--seed N] [--exclude "METHOD /path"]...',
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
  log: (line) => console.log(line),
});
console.log(summarise(report));
process.exit(report.failures.length === 0 ? 0 : 1);
