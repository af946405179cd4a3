/**
 * `npm run bench -- signin`: sign-in throughput against the cost of its argon2id verify, measured in
 * the same run with the same concurrency. The sign-in is the whole first step (user lookup, password
 * verify, OTP challenge written and its e-mail queued in the outbox, in one transaction) on the
 * embedded database; the baseline is argon2 verify alone of the same hash. The ratio tells how much
 * of a sign-in is the deliberate cost of password hashing.
 */
import { bindDatabase, openDatabase } from '@/db/client';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { signInWithPassword } from '@/lib/auth/signin';
import { makeClient, makeUser } from '@/test/factories';
import { runConcurrent, type RunStats } from './jobs-list-support';
import type { Bench, BenchRow } from './run';

const PASSWORD = 'Bench#Sign9Wxq';
const CALLERS = 4;
const EACH = 10;

function row(name: string, s: RunStats, base?: RunStats): BenchRow {
  return {
    case: name,
    'sign-ins/s': Number(s.throughput.toFixed(1)),
    'mean ms': Number(s.mean.toFixed(1)),
    'p95 ms': Number(s.p95.toFixed(1)),
    'throughput vs verify': base ? Number((s.throughput / base.throughput).toFixed(2)) : 1,
  };
}

async function run(): Promise<BenchRow[]> {
  const handle = openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  bindDatabase(handle);
  try {
    const client = await makeClient();
    // One user per caller, so the callers never share a lockout counter.
    const users = await Promise.all(
      Array.from({ length: CALLERS }, () => makeUser({ clientId: client.id, password: PASSWORD })),
    );
    const hash = await hashPassword(PASSWORD);
    let next = 0;
    // Warm-up, then the two sides alternated twice so they share the machine's state.
    await verifyPassword(hash, PASSWORD);
    let verify: RunStats | undefined;
    let signin: RunStats | undefined;
    for (let round = 0; round < 2; round++) {
      const v = await runConcurrent(CALLERS, EACH, async () => {
        if (!(await verifyPassword(hash, PASSWORD))) throw new Error('verify failed');
      });
      const s = await runConcurrent(CALLERS, EACH, async () => {
        const user = users[next++ % users.length];
        if (!user) throw new Error('no user');
        const r = await signInWithPassword({ userName: user.userName, password: PASSWORD });
        if (r.status !== 'otp') throw new Error(`sign-in answered ${r.status}`);
      });
      verify = verify ? verify.merge(v) : v;
      signin = signin ? signin.merge(s) : s;
    }
    if (!verify || !signin) throw new Error('nothing measured');
    return [row('argon2id verify alone', verify), row('sign-in step 1 (password → OTP e-mail queued)', signin, verify)];
  } finally {
    await handle.close();
  }
}

const bench: Bench = { name: 'signin', run };
export default bench;
