/** next-auth's endpoints (csrf, credentials callback for the OTP step, OIDC sign-in and callback, session). */
import type { NextRequest } from 'next/server';
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/next-auth';

export const dynamic = 'force-dynamic';

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return NextAuth(req, ctx, authOptions());
}

export { handler as GET, handler as POST };
