'use server';
/** Server actions of /Ops/Clients: thin adapters over lib/clients/service.ts (policies clients.manage, clients.delete). */
import { clientFormSchema, clientIdSchema, inviteAdminSchema } from '@/lib/clients/schema';
import { createClient, deleteClient, inviteClientAdmin, reinstateClient, suspendClient, updateClient } from '@/lib/clients/service';
import { encodeParam } from '@/lib/encoding';
import { opsAction } from '@/lib/ops/action';
import type { OpsResult } from '@/lib/ops/action-outcome';

/** Creates a client (no ClientId) or saves its details; answers the client's page (msg 1 created, 2 saved). */
export async function saveClientAction(input: unknown): Promise<OpsResult<{ href: string }>> {
  return opsAction('clients.manage', clientFormSchema, input, async (a, form) => {
    if (form.ClientId === undefined) {
      const { id } = await createClient(a, form);
      return { href: `/Ops/Clients/View?cD=${encodeParam(id)}&msg=1` };
    }
    const { id } = await updateClient(a, form);
    return { href: `/Ops/Clients/View?cD=${encodeParam(id)}&msg=2` };
  });
}

export async function inviteAdminAction(input: unknown): Promise<OpsResult<{ userId: number }>> {
  return opsAction('clients.manage', inviteAdminSchema, input, (a, form) => inviteClientAdmin(a, form));
}

export async function suspendClientAction(clientId: unknown): Promise<OpsResult> {
  return opsAction('clients.manage', clientIdSchema, clientId, async (a, id) => {
    await suspendClient(a, id);
    return null;
  });
}

export async function reinstateClientAction(clientId: unknown): Promise<OpsResult> {
  return opsAction('clients.manage', clientIdSchema, clientId, async (a, id) => {
    await reinstateClient(a, id);
    return null;
  });
}

export async function deleteClientAction(clientId: unknown): Promise<OpsResult> {
  return opsAction('clients.delete', clientIdSchema, clientId, async (a, id) => {
    await deleteClient(a, id);
    return null;
  });
}
