'use server';
/** Server actions of /Ops/ApiKeys (role 1 only, policy apiKeys.manage): thin adapters over lib/integration/api-keys.ts. */
import { apiKeyFormSchema, apiKeyIdSchema, type ApiScope } from '@/lib/integration/api-key-schema';
import { createApiKey, revokeApiKey } from '@/lib/integration/api-keys';
import { opsAction } from '@/lib/ops/action';
import type { OpsResult } from '@/lib/ops/action-outcome';

/** Creates a key; the answer carries the key itself, which is never shown again. */
export async function createApiKeyAction(input: unknown): Promise<OpsResult<{ id: number; name: string; scopes: ApiScope[]; key: string }>> {
  return opsAction('apiKeys.manage', apiKeyFormSchema, input, (a, form) => createApiKey(a, form));
}

export async function revokeApiKeyAction(id: unknown): Promise<OpsResult> {
  return opsAction('apiKeys.manage', apiKeyIdSchema, id, async (a, keyId) => {
    await revokeApiKey(a, keyId);
    return null;
  });
}
