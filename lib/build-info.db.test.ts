import { afterEach, describe, expect, it } from 'vitest';
import { GET as buildRoute } from '@/app/api/Settings/GetApplicationBuildDetails/route';
import { buildDetails } from '@/db/schema';
import { resetConfigForTests } from '@/lib/config';
import pkg from '@/package.json';
import { useTestDatabase } from '@/test/db';
import { getBuildInfo } from './build-info';

const call = async () => {
  const res = await buildRoute(new Request('http://localhost/api/Settings/GetApplicationBuildDetails'), {
    params: Promise.resolve({}),
  });
  expect(res.status).toBe(200);
  return res.json();
};

describe('build details', () => {
  const t = useTestDatabase();
  afterEach(() => {
    delete process.env.BUILD_NUMBER;
    delete process.env.BUILD_VERSION;
    resetConfigForTests();
  });

  it('falls back to the package version when nothing else is known', async () => {
    expect(await getBuildInfo()).toEqual({ BuildNumber: '0', BuildVersion: pkg.version });
  });

  it('answers the newest build_details row', async () => {
    await t
      .db()
      .insert(buildDetails)
      .values({ buildNumber: '41', buildVersion: '2.3.0', createdAt: new Date('2026-01-01T00:00:00Z') });
    await t
      .db()
      .insert(buildDetails)
      .values({ buildNumber: '42', buildVersion: '2.4.0', createdAt: new Date('2026-02-01T00:00:00Z') });
    expect(await call()).toEqual({ BuildNumber: '42', BuildVersion: '2.4.0' });
  });

  it('prefers the BUILD_NUMBER and BUILD_VERSION of the deployment', async () => {
    process.env.BUILD_NUMBER = '20260315.7';
    process.env.BUILD_VERSION = '3.1.4';
    resetConfigForTests();
    expect(await call()).toEqual({ BuildNumber: '20260315.7', BuildVersion: '3.1.4' });
  });
});
