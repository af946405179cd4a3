/**
 * Jobs ordered over the legacy API (api/Job/Add with the bearer token), for tests that need a job of a firm without
 * filling the order form: a Print job ready tomorrow at 10 AM, due at 3 PM, at the firm's first branch.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { encodeParam } from '@/lib/encoding';
import { apiToken } from './auth';

const ZONE = 'Australia/Sydney';

export interface OrderedJob {
  JobId: number;
  JMSNumber: string;
}

/** The fields of a Print job a test may choose; the rest are fixed. */
export interface PrintOrder {
  matter: string;
  copies: number;
  contactName: string;
  email: string;
  instructions: string;
}

/**
 * Signs `userName` in over the API and reads the firm's branches once, and answers a function that orders a Print job
 * as them with that token (a test ordering several jobs signs in once).
 */
export async function apiOrderer(
  request: APIRequestContext,
  userName: string,
): Promise<(order: PrintOrder) => Promise<OrderedJob>> {
  const auth = { Authorization: `Bearer ${await apiToken(request, userName)}` };
  const session: { ClientId: number } = await (
    await request.get('/api/Authentication/Session', { headers: auth })
  ).json();
  const branches: { ClientBranchAddressId: number }[] = await (
    await request.get(`/api/Job/ClientBranchAddress/${session.ClientId}`, { headers: auth })
  ).json();
  return async (o) => {
    const d = formatInTimeZone(new Date(Date.now() + 86_400_000), ZONE, 'dd/MM/yyyy');
    const added = await request.post('/api/Job/Add', {
      headers: auth,
      data: {
        OrderType: 5,
        NumberOfCopies: o.copies,
        ContactName: o.contactName,
        Email: o.email,
        ContactPhone: '(02)9000-0000',
        AfterHourContactNumber: '0412345678',
        MatterReference: o.matter,
        ClientBranchAddressId: branches[0]?.ClientBranchAddressId,
        Instructions: o.instructions,
        DateReadyInput: d,
        TimeReadyInput: '10:00 AM',
        DateDueInput: d,
        TimeDueInput: '03:00 PM',
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    return added.json();
  };
}

/** The client's slip of a job, and the staff page of it (ids in URLs are encoded as the portal encodes them). */
export const slipPath = (jobId: number) => `/JobSlip?jb=${encodeURIComponent(encodeParam(jobId))}`;
export const staffJobPath = (jobId: number) => `/Ops/Job?jb=${encodeURIComponent(encodeParam(jobId))}`;
