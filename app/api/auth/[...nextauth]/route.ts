/**
 * next-auth's endpoints (csrf, credentials callback for the OTP step, OIDC sign-in and callback, session), behind
 * the one door: its form bodies are read at most MAX_BODY_BYTES (413 past it) before next-auth sees them. Its own
 * CSRF token guards its POSTs, and an identity provider's form_post callback comes from the provider's origin, so
 * the door does not look for a session here (docs/decisions/016-one-door.md).
 */
import { NextRequest } from 'next/server';
import NextAuth from 'next-auth';
import { z } from 'zod';
import { authOptions } from '@/lib/auth/next-auth';
import { readCapped } from '@/lib/http/core';
import { legacyDoor, withContract } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

const nextAuth = legacyDoor(
  { auth: 'none' },
  async ({ req, maxBodyBytes }, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> => {
    const body = req.method === 'POST' ? new Uint8Array(await readCapped(req, maxBodyBytes)) : undefined;
    return NextAuth(new NextRequest(req.url, { method: req.method, headers: req.headers, body }), ctx, authOptions());
  },
);

/** next-auth's own endpoints (its contract, not ours): documented so that every api/* path is in the document. */
const handler = withContract(nextAuth, {
  access: 'public',
  summary:
    "next-auth's endpoints: csrf, session, providers, signin/{provider}, callback/{provider}, signout (the browser's sign-in; legacy callers use api/Authentication).",
  params: z.object({ nextauth: z.string() }),
  produces: 'any',
  statuses: { 302: { description: 'A redirect (sign-in and callback flows).' } },
});

export { handler as GET, handler as POST };
