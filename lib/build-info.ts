/**
 * The build the About dialog shows (spec §3 BuildNumber, BuildVersion): the deployment's
 * BUILD_NUMBER / BUILD_VERSION when set, else the newest build_details row, else the
 * package version.
 */
import { desc } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { buildDetails } from '@/db/schema';
import { config } from '@/lib/config';
import pkg from '@/package.json';

export interface BuildInfo {
  BuildNumber: string;
  BuildVersion: string;
}

export async function getBuildInfo(): Promise<BuildInfo> {
  const c = config();
  let row: { buildNumber: string; buildVersion: string } | undefined;
  if (!c.BUILD_NUMBER || !c.BUILD_VERSION) {
    const db = await getDb();
    [row] = await db
      .select({ buildNumber: buildDetails.buildNumber, buildVersion: buildDetails.buildVersion })
      .from(buildDetails)
      .orderBy(desc(buildDetails.createdAt), desc(buildDetails.id))
      .limit(1);
  }
  return {
    BuildNumber: c.BUILD_NUMBER ?? row?.buildNumber ?? '0',
    BuildVersion: c.BUILD_VERSION ?? row?.buildVersion ?? pkg.version,
  };
}
