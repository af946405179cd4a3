/**
 * The captcha required after CAPTCHA_AFTER_FAILURES failed sign-ins (spec §9), verified on the
 * server. Behind the CaptchaVerifier interface so a hosted provider could be configured; the
 * default is self-hosted proof of work (ALTCHA: the browser widget solves a signed challenge, the
 * server checks the solution), because no third-party service is reachable from our deployments.
 * A solution is accepted once: its challenge signature is recorded in captcha_redemptions.
 *
 * Challenge expiry uses the system clock (the ALTCHA library compares with Date.now()).
 */
import { createHmac } from 'node:crypto';
import { lte } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Queryable } from '@/db/client';
import { captchaRedemptions } from '@/db/schema';
import { config } from '@/lib/config';

export interface CaptchaCheck {
  ok: boolean;
  /** What makes this solution unique (recorded on redemption), and until when it matters. */
  replayKey?: string;
  expiresAt?: Date;
}

export interface CaptchaVerifier {
  readonly kind: string;
  /** A challenge for the browser widget, or null when a hosted provider issues its own. */
  createChallenge(): Promise<unknown>;
  /** Checks a payload the widget produced, without consuming it. */
  check(payload: string): Promise<CaptchaCheck>;
}

const ALGORITHM = 'PBKDF2/SHA-256';
/** About a second of work in a browser: PBKDF2 cost × the counter the solver has to find. */
const COST = 2_000;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 3_000;
const CHALLENGE_TTL_MS = 10 * 60_000;

function derivedSecret(purpose: string): string {
  return createHmac('sha256', config().authSecret).update(`captcha:${purpose}`).digest('hex');
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(256),
      salt: z.string().max(256),
      cost: z.number().int().positive().max(1_000_000),
      keyLength: z.number().int().positive().max(128),
      keyPrefix: z.string().max(512),
      keySignature: z.string().max(512).optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().min(1).max(512),
  }),
  solution: z.object({
    counter: z
      .number()
      .int()
      .nonnegative()
      .max(2 ** 32 - 1),
    derivedKey: z.string().max(1024),
    time: z.number().optional(),
  }),
});

function decodePayload(payload: string): z.infer<typeof payloadSchema> | null {
  if (payload.length > 10_000) return null;
  try {
    const r = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Self-hosted proof of work (ALTCHA v2 challenges, HMAC-signed with secrets derived from AUTH_SECRET). */
export const altchaVerifier = {
  kind: 'altcha',
  async createChallenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITHM,
      cost: COST,
      counter: randomInt(COUNTER_MIN, COUNTER_MAX),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: derivedSecret('signature'),
      hmacKeySignatureSecret: derivedSecret('key'),
    });
  },
  async check(payload: string): Promise<CaptchaCheck> {
    const decoded = decodePayload(payload);
    if (!decoded) return { ok: false };
    try {
      const r = await verifySolution({
        challenge: decoded.challenge,
        solution: decoded.solution,
        deriveKey,
        hmacSignatureSecret: derivedSecret('signature'),
        hmacKeySignatureSecret: derivedSecret('key'),
      });
      if (!r.verified) return { ok: false };
      const exp = decoded.challenge.parameters.expiresAt;
      return {
        ok: true,
        replayKey: decoded.challenge.signature,
        expiresAt: new Date(exp ? exp * 1000 : Date.now() + CHALLENGE_TTL_MS),
      };
    } catch {
      return { ok: false };
    }
  },
} satisfies CaptchaVerifier;

let current: CaptchaVerifier = altchaVerifier;

/** The configured captcha verifier (self-hosted proof of work unless another is installed). */
export function captchaVerifier(): CaptchaVerifier {
  return current;
}

/** Installs another verifier (a hosted provider). Returns a function restoring the previous one. */
export function setCaptchaVerifier(v: CaptchaVerifier): () => void {
  const previous = current;
  current = v;
  return () => {
    current = previous;
  };
}

/**
 * Verifies a payload and consumes it: the same solution is accepted once (of two parallel
 * redemptions exactly one wins, by the primary key of captcha_redemptions).
 */
export async function redeemCaptcha(q: Queryable, payload: string | null | undefined): Promise<boolean> {
  if (!payload) return false;
  const r = await captchaVerifier().check(payload);
  if (!r.ok || !r.replayKey) return false;
  const expiresAt = r.expiresAt ?? new Date(Date.now() + CHALLENGE_TTL_MS);
  await q.delete(captchaRedemptions).where(lte(captchaRedemptions.expiresAt, new Date()));
  const inserted = await q
    .insert(captchaRedemptions)
    .values({ signature: r.replayKey, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaRedemptions.signature });
  return inserted.length === 1;
}
