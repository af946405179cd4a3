'use server';
/** Server action of /Ops/Emails (staff): a thin adapter over lib/ops/mail-previews.ts. */
import { runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import { previewKindSchema, sendMailPreview, type SendPreviewResult } from '@/lib/ops/mail-previews';

/** Sends one e-mail of the catalogue, with its sample data, to the signed-in staff user's own address. */
export async function sendMailPreviewAction(kind: unknown): Promise<ActionResult<SendPreviewResult>> {
  return runAction(staff('ops.open'), previewKindSchema, kind, (k, { actor }) => sendMailPreview(actor, k));
}
