/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of 32 random
 * bytes; each message carries webhook-id (msg_…, the same on every attempt), webhook-timestamp (Unix seconds of
 * this attempt) and webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed with the secret's bytes>`.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function newMessageId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of one attempt. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature(secret, id, timestamp, body),
  };
}
