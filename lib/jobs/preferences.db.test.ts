import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedViews, userPreferences } from '@/db/schema';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { toLegacyUserPreference } from '@/lib/legacy/jobs';
import { DEFAULT_JOB_QUERY } from './list-schema';
import { getUserPreference, saveJobListPreference, saveUserPreference, saveUserPreferenceSchema } from './preferences';

describe('job list preference', () => {
  const t = useTestDatabase();

  it('defaults when nothing was saved', async () => {
    const me = await signedIn(3);
    const p = await getUserPreference(me.actor);
    expect(p).toMatchObject({ saved: false, pageSize: 10, job: { pageSize: 10, query: DEFAULT_JOB_QUERY } });
  });

  it('round trip: page size, sort and every filter come back as saved', async () => {
    const me = await signedIn(3);
    const query = {
      jmsNumber: '1001',
      matterReference: 'HV-2024',
      description: 'bundle',
      contactName: 'olivia',
      clientName: 'harbour',
      timeCreated: 3,
      timeDue: 1,
      timeDelivered: 7,
      statuses: [8, 12],
      attention: '' as const,
      mine: false,
      matterExact: '',
      loggedFrom: '',
      loggedTo: '',
      sortBy: 6,
      sortOrder: 1 as const,
    };
    await saveJobListPreference(me.actor, { query, pageSize: 50 });
    const p = await getUserPreference(me.actor);
    expect(p.saved).toBe(true);
    expect(p.job).toEqual({ query, pageSize: 50 });
    expect(toLegacyUserPreference(p).JobPreferenceModel).toEqual({
      OrderBy: 6,
      OrderByDirection: 1,
      LIONumberFilter: '1001',
      MatterRefFilter: 'HV-2024',
      JobDescriptionFilter: 'bundle',
      ContactNameFilter: 'olivia',
      JobStatusFilter: [8, 12],
      ClientNameFilter: 'harbour',
      TimeCreatedFilter: 3,
      TimeDueFilter: 1,
      TimeDeliveredFilter: 7,
      PageSize: 50,
    });
  });

  it('SaveUserPreference: the legacy model (status filter as text too); the UserId of the body is ignored', async () => {
    const me = await signedIn(3);
    const someoneElse = await signedIn(3);
    const body = saveUserPreferenceSchema.parse({
      UserId: someoneElse.user.id,
      PageSize: 20,
      JobPreferenceModel: {
        OrderBy: 2,
        OrderByDirection: 2,
        JobStatusFilter: '8, 10',
        MatterRefFilter: 'abc',
        PageSize: 15,
      },
    });
    const p = await saveUserPreference(me.actor, body);
    expect(p.pageSize).toBe(20);
    expect(p.job.pageSize).toBe(15);
    expect(p.job.query).toMatchObject({ sortBy: 2, sortOrder: 2, statuses: [8, 10], matterReference: 'abc' });
    expect((await getUserPreference(someoneElse.actor)).saved).toBe(false);
  });

  it('rejects malformed models with field messages under their legacy names', () => {
    const r = saveUserPreferenceSchema.safeParse({
      JobPreferenceModel: { OrderBy: 42, JobStatusFilter: [99], PageSize: 7 },
    });
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['JobPreferenceModel.PageSize']));
    const model = saveUserPreferenceSchema.safeParse({ JobPreferenceModel: { OrderBy: 42, JobStatusFilter: [99] } });
    const modelPaths = model.success ? [] : model.error.issues.map((i) => i.path.join('.'));
    expect(modelPaths).toEqual(
      expect.arrayContaining(['JobPreferenceModel.OrderBy', 'JobPreferenceModel.JobStatusFilter.0']),
    );
    expect(saveUserPreferenceSchema.safeParse({ Surprise: true }).success).toBe(false);
  });

  it('a stored model that no longer validates reads as the defaults instead of failing', async () => {
    const me = await signedIn(3);
    await t.db().insert(userPreferences).values({ userId: me.user.id, pageSize: 15 });
    await t
      .db()
      .insert(savedViews)
      .values({
        clientId: me.user.clientId,
        ownerId: me.user.id,
        name: 'Last used',
        remembered: true,
        state: { OrderBy: 'nonsense' },
      });
    const p = await getUserPreference(me.actor);
    expect(p.job).toEqual({ query: DEFAULT_JOB_QUERY, pageSize: 15 });
    const [row] = await t.db().select().from(userPreferences).where(eq(userPreferences.userId, me.user.id));
    expect(row?.pageSize).toBe(15);
  });
});
