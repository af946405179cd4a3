/**
 * Test environment: a private DATA_DIR / UPLOAD_DIR per test process and no SMTP unless a test
 * starts its own server. Imported by test helpers before anything reads the configuration.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resetConfigForTests } from '@/lib/config';

const dir = mkdtempSync(path.join(tmpdir(), 'jms-test-'));
process.env.DATA_DIR = dir;
process.env.UPLOAD_DIR = path.join(dir, 'uploads');
process.env.MAIL_WORKER_ENABLED = 'false';
process.env.LOG_LEVEL = 'silent';
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
resetConfigForTests();

export const TEST_DATA_DIR = dir;
