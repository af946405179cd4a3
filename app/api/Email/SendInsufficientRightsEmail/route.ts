/** POST api/Email/SendInsufficientRightsEmail: tells support that the signed-in user was denied a page. */
import { z } from 'zod';
import { apiRoute } from '@/lib/http/route';
import { notifyInsufficientRights } from '@/lib/notify/insufficient-rights';
import { booleanAnswer } from '@/lib/legacy/answers';

const body = z.strictObject({ Path: z.string().max(2000).optional(), Url: z.string().max(2000).optional() }).optional();

function refererPath(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname;
  } catch {
    return null;
  }
}

export const POST = apiRoute({ response: booleanAnswer, body }, async ({ actor, body: b, req }) => {
  await notifyInsufficientRights(actor, b?.Path ?? b?.Url ?? refererPath(req.headers.get('referer')));
  return true;
});
