'use server';
/** Server actions of /Ops/Webhooks (role 1 only, policy webhooks.manage): thin adapters over lib/webhooks/endpoints.ts. */
import { runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';
import {
  createWebhookEndpoint,
  resendWebhookDelivery,
  setWebhookEndpointActive,
  updateWebhookEndpoint,
} from '@/lib/webhooks/endpoints';
import { webhookEndpointFormSchema, webhookIdSchema } from '@/lib/webhooks/schema';

/** Creates an endpoint (id null) or updates one; answers its id. */
export async function saveWebhookEndpointAction(
  id: number | null,
  input: unknown,
): Promise<ActionResult<{ id: number; created: boolean }>> {
  return runAction(staff('webhooks.manage'), webhookEndpointFormSchema, input, async (form, { actor: a }) => {
    if (id === null) return { id: (await createWebhookEndpoint(a, form)).id, created: true };
    await updateWebhookEndpoint(a, webhookIdSchema.parse(id), form);
    return { id, created: false };
  });
}

export async function setWebhookEndpointActiveAction(id: unknown, active: boolean): Promise<ActionResult> {
  return runAction(staff('webhooks.manage'), webhookIdSchema, id, async (endpointId, { actor: a }) => {
    await setWebhookEndpointActive(a, endpointId, active === true);
    return null;
  });
}

export async function resendWebhookDeliveryAction(deliveryId: unknown): Promise<ActionResult> {
  return runAction(staff('webhooks.manage'), webhookIdSchema, deliveryId, async (id, { actor: a }) => {
    await resendWebhookDelivery(a, id);
    return null;
  });
}
