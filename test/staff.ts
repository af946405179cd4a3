/** Staff actors for tests of the staff services (issue 13): a provider administrator (1) or operator (2). */
import { getDb } from '@/db/client';
import type { StaffActor } from '@/lib/core/staff-policy';
import { createSession } from '@/lib/auth/session';
import { makeUser } from './factories';

export async function staffActor(role: 1 | 2 = 2): Promise<StaffActor> {
  const user = await makeUser({ clientId: null, role });
  const session = await createSession(await getDb(), user.id);
  return {
    userId: user.id,
    clientId: null,
    role,
    userName: user.userName,
    timeZone: user.timeZone,
    sessionId: session.id,
  };
}
