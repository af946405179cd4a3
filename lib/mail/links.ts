/**
 * The portal's absolute links, as e-mails carry them (an e-mail is read outside the portal, so every link starts
 * with APP_URL). Ids are encoded as spec §2 says (lib/encoding.ts). A signed-out reader who follows one signs in
 * and lands on that page.
 */
import { config } from '@/lib/config';
import { encodeParam } from '@/lib/encoding';

const enc = (v: string | number) => encodeURIComponent(encodeParam(v));

/** The portal's page at `path` ("/Settings"), absolute. */
export function portalUrl(path: string): string {
  return `${config().appUrl}${path}`;
}

/** A job's slip, as the firm's users see it. */
export function jobSlipUrl(jobId: number): string {
  return portalUrl(`/JobSlip?jb=${enc(jobId)}`);
}

/** A job's page as staff see it. */
export function opsJobUrl(jobId: number): string {
  return portalUrl(`/Ops/Job?jb=${enc(jobId)}`);
}

/** The anchor of one message in a job's thread (components/jobs/slip/JobThread.tsx gives each message this id). */
export function messageAnchor(messageId: number): string {
  return `#message-${messageId}`;
}
