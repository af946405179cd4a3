/**
 * Registers a webhook endpoint for job.created on the database of DATABASE_URL, as a provider administrator does
 * in /Ops/Webhooks, and prints its id and signing secret as JSON (run by test/faults/webhooks.fault.ts).
 *
 *   register-endpoint.ts URL
 */
import { getHandle } from '@/db/client';
import { createWebhookEndpoint } from '@/lib/webhooks/endpoints';
import { staffActor } from '@/test/staff';

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: register-endpoint.ts URL');
  const made = await createWebhookEndpoint(await staffActor(1), {
    url,
    description: 'Fault suite receiver',
    events: ['job.created'],
  });
  console.log(JSON.stringify(made));
  await (await getHandle()).close();
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
