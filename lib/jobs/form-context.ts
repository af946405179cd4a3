/**
 * Everything the /SaveJob page needs, read once on the server for the signed-in client user: the initial form
 * values (contact details pre-filled from the user, spec §6; or the cloned job's, §2), the lookups (branch
 * addresses, appeal book and court copy locations), the server's "now" and the user's time zone (the browser
 * evaluates the §5 time rules with them), and the limits the browser checks before the server does.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import type { ClientActor } from '@/lib/auth/actor';
import { now } from '@/lib/clock';
import { config } from '@/lib/config';
import { directUploadsEnabled } from '@/lib/documents/direct';
import { MAX_JOB_FILES } from '@/lib/documents/job-files';
import { loadCloneSource } from './clone';
import { MATTER_MAX } from './list-schema';
import { listBranchAddresses, listLocations } from './lookups';
import { actorTimeZone } from './save';
import { defaultJobOrder, type JobOrderInput } from './schema';

export interface JobFormContext {
  values: JobOrderInput;
  /** The job being cloned; null for a new job (and for a jb that names no job of the client). */
  clone: { sourceJobId: number; jmsNumber: string; files: { id: number; fileName: string; size: number }[] } | null;
  /** A jb was given but names no job the user may clone. */
  cloneNotFound: boolean;
  clientId: number;
  branches: { id: number; label: string; address: string }[];
  appealBookLocations: { id: number; name: string }[];
  courtCopyLocations: { id: number; name: string }[];
  /** The server clock (ISO) and the user's IANA zone. */
  now: string;
  timeZone: string;
  maxInstructions: number;
  maxUploadBytes: number;
  /** The most source files a job takes. */
  maxFiles: number;
  /** Pages send files straight to the bucket (S3_DIRECT_UPLOADS). */
  directUploads: boolean;
  blockedExtensions: string[];
  /** The court copying practice note (PRACTICE_NOTE_URL), or null when none is configured. */
  practiceNoteUrl: string | null;
}

/**
 * `matter` (the ?matter= of "New job for this matter" on the matter page) pre-fills a new job's matter reference;
 * a clone keeps its own. Free text the user could have typed, so it is only length-checked here: the form's
 * validation judges it like any typed reference.
 */
export async function jobFormContext(
  actor: ClientActor,
  jb: string | null | undefined,
  matter: string | null = null,
): Promise<JobFormContext> {
  const db = await getDb();
  const at = now();
  const timeZone = actorTimeZone(actor);
  const [[user], branches, appeal, court, clone] = await Promise.all([
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.id, actor.userId))
      .limit(1),
    listBranchAddresses(actor),
    listLocations('appeal_book'),
    listLocations('court_copy'),
    jb ? loadCloneSource(actor, jb) : Promise.resolve(null),
  ]);
  const contact = user
    ? { contactName: `${user.firstName} ${user.lastName}`.trim(), email: user.email, contactPhone: user.phone }
    : undefined;
  const fresh = defaultJobOrder({ now: at, timeZone, contact });
  const defaultBranch = branches.find((b) => b.isDefault) ?? (branches.length === 1 ? branches[0] : undefined);
  const c = config();
  return {
    values: clone
      ? clone.values
      : {
          ...fresh,
          clientBranchAddressId: defaultBranch?.id ?? null,
          ...(matter && matter.length <= MATTER_MAX ? { matterReference: matter } : {}),
        },
    clone: clone && { sourceJobId: clone.sourceJobId, jmsNumber: clone.jmsNumber, files: clone.files },
    cloneNotFound: Boolean(jb) && !clone,
    clientId: actor.clientId,
    branches: branches.map((b) => ({ id: b.id, label: b.label, address: b.address })),
    appealBookLocations: appeal.map((l) => ({ id: l.id, name: l.text })),
    courtCopyLocations: court.map((l) => ({ id: l.id, name: l.text })),
    now: at.toISOString(),
    timeZone,
    maxInstructions: c.MAX_INSTRUCTIONS_LENGTH,
    maxUploadBytes: c.MAX_UPLOAD_BYTES,
    maxFiles: MAX_JOB_FILES,
    directUploads: directUploadsEnabled(),
    blockedExtensions: c.BLOCKED_EXTENSIONS,
    practiceNoteUrl: c.PRACTICE_NOTE_URL ?? null,
  };
}
