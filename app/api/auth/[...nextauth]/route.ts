/** next-auth's endpoints (csrf, credentials callback for the OTP step, OIDC sign-in and callback, session). */
import type { NextRequest } from 'next/server';
import NextAuth from 'next-auth';
import { z } from 'zod';
import { authOptions } from '@/lib/auth/next-auth';
import { withContract } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

async function nextAuth(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return NextAuth(req, ctx, authOptions());
}

/** next-auth's own endpoints (its contract, not ours): documented so that every api/* path is in the document. */
const handler = withContract(nextAuth, {
  access: 'public',
  summary: "next-auth's endpoints: csrf, session, providers, signin/{provider}, callback/{provider}, signout (the browser's sign-in; legacy callers use api/Authentication).",
  params: z.object({ nextauth: z.string() }),
  produces: 'any',
  statuses: { 302: { description: 'A redirect (sign-in and callback flows).' } },
});

export { handler as GET, handler as POST };
