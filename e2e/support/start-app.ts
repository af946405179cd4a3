/** Starts the portal for e2e on a fresh embedded database (DATA_DIR is wiped first). */
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

const dir = process.argv[2];
if (!dir) throw new Error('usage: start-app.ts DATA_DIR');
rmSync(dir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { stdio: 'inherit', env: { ...process.env, DATA_DIR: dir } });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
