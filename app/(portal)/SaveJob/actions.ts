'use server';
/**
 * The /SaveJob server action: a thin adapter over lib/jobs (the client and the user come from the session,
 * never from the form). A saved job goes to /JobClient with the success banner (spec §4).
 */
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { requireClientActor } from '@/lib/auth/current';
import { encodeParam } from '@/lib/encoding';
import { ForbiddenError, UnauthorizedError } from '@/lib/http/errors';
import { saveJobRequest, type SaveJobOutcome } from '@/lib/jobs/save-request';

async function actorOrNull() {
  try {
    return await requireClientActor();
  } catch (e) {
    if (e instanceof UnauthorizedError || e instanceof ForbiddenError) return null;
    throw e;
  }
}

export async function saveJobAction(request: unknown): Promise<SaveJobOutcome> {
  const actor = await actorOrNull();
  if (!actor) return { status: 'signed-out' };
  const outcome = await saveJobRequest(actor, request, (await headers()).get('user-agent'));
  if (outcome.status === 'saved') redirect(`/JobClient?messageType=1&jb=${encodeURIComponent(encodeParam(outcome.jobId))}`);
  return outcome;
}
