'use server';
/** Server actions of /Ops/Clients: thin adapters over lib/clients/service.ts (policies clients.manage, clients.delete). */
import { clientFormSchema, clientIdSchema, inviteAdminSchema } from '@/lib/clients/schema';
import {
  createClient,
  deleteClient,
  inviteClientAdmin,
  reinstateClient,
  suspendClient,
  updateClient,
} from '@/lib/clients/service';
import { encodeParam } from '@/lib/encoding';
import { runAction, staff } from '@/lib/http/action';
import type { ActionResult } from '@/lib/http/action-result';

/** Creates a client (no ClientId) or saves its details; answers the client's page (msg 1 created, 2 saved). */
export async function saveClientAction(input: unknown): Promise<ActionResult<{ href: string }>> {
  return runAction(staff('clients.manage'), clientFormSchema, input, async (form, { actor: a }) => {
    if (form.ClientId === undefined) {
      const { id } = await createClient(a, form);
      return { href: `/Ops/Clients/View?cD=${encodeParam(id)}&msg=1` };
    }
    const { id } = await updateClient(a, form);
    return { href: `/Ops/Clients/View?cD=${encodeParam(id)}&msg=2` };
  });
}

export async function inviteAdminAction(input: unknown): Promise<ActionResult<{ userId: number }>> {
  return runAction(staff('clients.manage'), inviteAdminSchema, input, (form, { actor: a }) =>
    inviteClientAdmin(a, form),
  );
}

export async function suspendClientAction(clientId: unknown): Promise<ActionResult> {
  return runAction(staff('clients.manage'), clientIdSchema, clientId, async (id, { actor: a }) => {
    await suspendClient(a, id);
    return null;
  });
}

export async function reinstateClientAction(clientId: unknown): Promise<ActionResult> {
  return runAction(staff('clients.manage'), clientIdSchema, clientId, async (id, { actor: a }) => {
    await reinstateClient(a, id);
    return null;
  });
}

export async function deleteClientAction(clientId: unknown): Promise<ActionResult> {
  return runAction(staff('clients.delete'), clientIdSchema, clientId, async (id, { actor: a }) => {
    await deleteClient(a, id);
    return null;
  });
}
