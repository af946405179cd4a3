import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { costEstimates, locations, matterReferences, processingCities } from '@/db/schema';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { makeJob, makeUser, signedIn } from '@/test/factories';
import {
  costEstimateExists,
  listBranchAddresses,
  listCountries,
  listCourts,
  listLocations,
  listOrderTypes,
  listProcessingCities,
  matterReferenceExists,
  requireOwnClient,
  selectedCourt,
  suggestMatterReferences,
  userZonedNow,
} from './lookups';

describe('job form lookups', () => {
  const { db } = useTestDatabase();

  async function locationId(kind: 'court_copy' | 'appeal_book', text: string): Promise<number> {
    const rows = await db().select().from(locations).where(eq(locations.kind, kind));
    const row = rows.find((l) => l.text === text);
    if (!row) throw new Error(`no location ${text}`);
    return row.id;
  }

  describe('client-scoped lookups', () => {
    it('branch addresses and processing cities are the actor’s client’s only, default first', async () => {
      const mine = await signedIn();
      const theirs = await signedIn();
      await db()
        .insert(processingCities)
        .values([
          { clientId: mine.clientId, name: 'Sydney' },
          { clientId: theirs.clientId, name: 'Perth' },
        ]);
      const branches = await listBranchAddresses(mine.actor);
      expect(branches.map((b) => b.label)).toEqual(['Head office', 'Branch']);
      expect(branches[0]?.isDefault).toBe(true);
      const theirBranches = await listBranchAddresses(theirs.actor);
      expect(theirBranches.some((b) => branches.some((m) => m.id === b.id))).toBe(false);
      expect((await listProcessingCities(mine.actor)).map((c) => c.name)).toEqual(['Sydney']);
    });

    it('requireOwnClient: the session’s client passes, another client id answers 404', async () => {
      const mine = await signedIn();
      const theirs = await signedIn();
      expect(requireOwnClient(mine.actor, mine.clientId).clientId).toBe(mine.clientId);
      expect(() => requireOwnClient(mine.actor, theirs.clientId)).toThrow(expect.objectContaining({ status: 404 }));
    });

    it('internal staff (no client) are refused', async () => {
      const staff = await makeUser({ clientId: null, role: 2 });
      const actor = {
        userId: staff.id,
        clientId: null,
        role: 2 as const,
        userName: staff.userName,
        timeZone: staff.timeZone,
        sessionId: 's',
      };
      await expect(listBranchAddresses(actor)).rejects.toMatchObject({ status: 403 });
    });
  });

  describe('matter references', () => {
    it('suggests contains-matches, case-insensitive, prefix first, from the list and the jobs, client only', async () => {
      const mine = await signedIn();
      const theirs = await signedIn();
      await db()
        .insert(matterReferences)
        .values([
          { clientId: mine.clientId, reference: 'Smith v Jones' },
          { clientId: mine.clientId, reference: 'JONES-2024-001' },
          { clientId: theirs.clientId, reference: 'Jones secret' },
        ]);
      await makeJob({ clientId: mine.clientId, matterReference: 'Estate of A. Jones' });
      await makeJob({ clientId: mine.clientId, matterReference: 'JONES-2024-001' });
      await makeJob({ clientId: theirs.clientId, matterReference: 'Jones other firm' });
      expect(await suggestMatterReferences(mine.actor, 'jones')).toEqual([
        'JONES-2024-001',
        'Estate of A. Jones',
        'Smith v Jones',
      ]);
      expect(await suggestMatterReferences(mine.actor, '   ')).toEqual([]);
    });

    it('takes % and _ literally and answers at most 20', async () => {
      const { actor, clientId } = await signedIn();
      await db()
        .insert(matterReferences)
        .values(Array.from({ length: 30 }, (_, i) => ({ clientId, reference: `REF_${String(i).padStart(2, '0')}` })));
      await db().insert(matterReferences).values({ clientId, reference: 'REFX99' });
      const found = await suggestMatterReferences(actor, 'ref_');
      expect(found).toHaveLength(20);
      expect(found).not.toContain('REFX99');
      expect(await suggestMatterReferences(actor, '%')).toEqual([]);
    });

    it('checks whether the client knows a reference (exact, any case)', async () => {
      const mine = await signedIn();
      const theirs = await signedIn();
      await db().insert(matterReferences).values({ clientId: theirs.clientId, reference: 'THEIRS-1' });
      await makeJob({ clientId: mine.clientId, matterReference: 'Job-Ref-7' });
      expect(await matterReferenceExists(mine.actor, 'job-ref-7')).toBe(true);
      expect(await matterReferenceExists(mine.actor, 'Job-Ref')).toBe(false);
      expect(await matterReferenceExists(mine.actor, 'Job-Ref-_')).toBe(false);
      expect(await matterReferenceExists(mine.actor, 'THEIRS-1')).toBe(false);
    });
  });

  describe('cost estimates', () => {
    it.each([
      ['a known number', '7001', true],
      ['with surrounding spaces', ' 7002 ', true],
      ['an unknown number', '7003', false],
      ['not numeric', '70a1', false],
      ['a decimal', '7001.0', false],
      ['negative', '-7001', false],
      ['empty', '', false],
    ])('%s (%j): %s', async (_label, number, exists) => {
      const { actor } = await signedIn();
      expect(await costEstimateExists(actor, number)).toBe(exists);
    });

    it('another client’s estimate does not exist for this client', async () => {
      const { actor } = await signedIn();
      const other = await signedIn();
      await db().insert(costEstimates).values({ clientId: other.clientId, number: '8888' });
      expect(await costEstimateExists(actor, '8888')).toBe(false);
      expect(await costEstimateExists(other.actor, '8888')).toBe(true);
    });
  });

  describe('reference lookups', () => {
    it('order types 1 to 8', async () => {
      await signedIn();
      expect((await listOrderTypes()).map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });

    it('courts per job type and location, with their flags', async () => {
      await signedIn();
      const sydney = await locationId('court_copy', 'Sydney CBD');
      const courtsHere = await listCourts(2, sydney);
      expect(courtsHere.map((c) => c.code)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect(courtsHere.find((c) => c.code === 16)).toMatchObject({
        name: 'Other',
        enablePhotocopyMethod: false,
        enableScanMethod: false,
      });
      expect(await listCourts(1, sydney)).toEqual([]);
      const appeal = await locationId('appeal_book', 'Sydney');
      expect((await listCourts(1, appeal)).map((c) => c.name)).toContain('Court of Appeal');
    });

    it('selected court flags; an unknown court or location is a 404', async () => {
      await signedIn();
      const sydney = await locationId('court_copy', 'Sydney CBD');
      expect(await selectedCourt(1, sydney)).toMatchObject({
        enableFilingMethod: true,
        enableSCGen: true,
        enableMessage: false,
        messageDescription: null,
      });
      expect(await selectedCourt(7, sydney)).toMatchObject({
        enableMessage: true,
        messageDescription: expect.stringContaining('48 hours'),
      });
      expect(await selectedCourt(11, sydney)).toMatchObject({ enableBothPhotocopyAndScanMethod: false });
      await expect(selectedCourt(99, sydney)).rejects.toMatchObject({ status: 404 });
      await expect(selectedCourt(1, 2_000_000_000)).rejects.toMatchObject({ status: 404 });
    });

    it('locations by kind, countries and the login-page countries', async () => {
      await signedIn();
      expect((await listLocations('appeal_book')).map((l) => l.text)).toEqual(['Sydney', 'Melbourne', 'Brisbane']);
      expect((await listLocations('court_copy')).find((l) => l.text === 'Parramatta')).toMatchObject({
        alternateBranch: true,
      });
      expect((await listCountries()).map((c) => c.name)).toEqual(['Australia', 'New Zealand']);
      expect((await listCountries({ loginPageOnly: true })).length).toBeGreaterThan(0);
    });
  });

  describe('userZonedNow', () => {
    let restore: (() => void) | undefined;
    afterEach(() => restore?.());

    it('is the injected clock in the user’s zone (daylight saving included)', async () => {
      restore = setClock(fixedClock('2026-01-15T03:30:00Z'));
      const { actor } = await signedIn();
      expect(userZonedNow(actor)).toMatchObject({
        dateTime: '2026-01-15T14:30:00',
        timeZone: 'Australia/Sydney',
        offset: '+11:00',
      });
      expect(userZonedNow({ ...actor, timeZone: 'Australia/Perth' })).toMatchObject({
        dateTime: '2026-01-15T11:30:00',
        offset: '+08:00',
      });
      expect(userZonedNow({ ...actor, timeZone: 'Not/AZone' })).toMatchObject({ timeZone: 'Australia/Sydney' });
    });
  });
});
