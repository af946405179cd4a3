'use server';
/** Server actions of /Ops/ApiKeys (role 1 only, policy apiKeys.manage): thin adapters over lib/integration/api-keys.ts. */
import { apiKeyFormSchema, apiKeyIdSchema, type ApiScope } from '@/lib/integration/api-key-schema';
import { createApiKey, revokeApiKey } from '@/lib/integration/api-keys';
import { runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

/** Creates a key; the answer carries the key itself, which is never shown again. */
export async function createApiKeyAction(
  input: unknown,
): Promise<ActionResult<{ id: number; name: string; scopes: ApiScope[]; key: string }>> {
  return runAction(staff('apiKeys.manage'), apiKeyFormSchema, input, (form, { actor: a }) => createApiKey(a, form));
}

export async function revokeApiKeyAction(id: unknown): Promise<ActionResult> {
  return runAction(staff('apiKeys.manage'), apiKeyIdSchema, id, async (keyId, { actor: a }) => {
    await revokeApiKey(a, keyId);
    return null;
  });
}
