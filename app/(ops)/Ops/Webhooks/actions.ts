'use server';
/** Server actions of /Ops/Webhooks (role 1 only, policy webhooks.manage): thin adapters over lib/webhooks/endpoints.ts. */
import { opsAction } from '@/lib/ops/action';
import type { OpsResult } from '@/lib/ops/action-outcome';
import type { AttemptResult } from '@/lib/webhooks/outbox';
import { createWebhookEndpoint, resendWebhookDelivery, setWebhookEndpointActive, updateWebhookEndpoint } from '@/lib/webhooks/endpoints';
import { webhookEndpointFormSchema, webhookIdSchema } from '@/lib/webhooks/schema';

/** Creates an endpoint (id null) or updates one; answers its id. */
export async function saveWebhookEndpointAction(id: number | null, input: unknown): Promise<OpsResult<{ id: number; created: boolean }>> {
  return opsAction('webhooks.manage', webhookEndpointFormSchema, input, async (a, form) => {
    if (id === null) return { id: (await createWebhookEndpoint(a, form)).id, created: true };
    await updateWebhookEndpoint(a, webhookIdSchema.parse(id), form);
    return { id, created: false };
  });
}

export async function setWebhookEndpointActiveAction(id: unknown, active: boolean): Promise<OpsResult> {
  return opsAction('webhooks.manage', webhookIdSchema, id, async (a, endpointId) => {
    await setWebhookEndpointActive(a, endpointId, active === true);
    return null;
  });
}

export async function resendWebhookDeliveryAction(deliveryId: unknown): Promise<OpsResult<AttemptResult>> {
  return opsAction('webhooks.manage', webhookIdSchema, deliveryId, (a, id) => resendWebhookDelivery(a, id));
}
