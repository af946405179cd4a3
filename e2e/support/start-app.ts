/**
 * Starts the portal for e2e on a fresh embedded database: DATA_DIR is wiped, the demo data is
 * seeded, the e2e fixture users are added, then `npm start` serves.
 */
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dir = process.argv[2];
if (!dir) throw new Error('usage: start-app.ts DATA_DIR');
rmSync(dir, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dir };
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], { stdio: 'inherit', env });
execFileSync(process.execPath, ['--import', 'tsx', 'e2e/support/fixtures.ts'], { stdio: 'inherit', env });
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
