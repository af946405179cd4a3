/** HTTP-level behaviour of the job form lookup routes, called in-process with a legacy bearer token. */
import { afterEach, describe, expect, it } from 'vitest';
import { GET as appealLocations } from '@/app/api/Branch/GetAppealBookLocation/route';
import { GET as copyLocations } from '@/app/api/Branch/GetCopyCourtLocation/route';
import { GET as branchesRoute } from '@/app/api/Country/GetBranches/route';
import { GET as countriesRoute } from '@/app/api/Country/GetCountries/route';
import { GET as loginCountries } from '@/app/api/Country/GetCountriesForLoginPage/route';
import { GET as checkMatter } from '@/app/api/Job/CheckClientMatterReference/[reference]/route';
import { GET as branchAddresses } from '@/app/api/Job/ClientBranchAddress/[clientId]/route';
import { GET as costEstimate } from '@/app/api/Job/ClientCostEstimateExists/[costEstimate]/[clientId]/route';
import { POST as matterSuggestions } from '@/app/api/Job/ClientMatterReference/[clientId]/route';
import { GET as courtsRoute } from '@/app/api/Job/Courts/JobType/[type]/JobLocation/[loc]/route';
import { GET as orderTypesRoute } from '@/app/api/Job/OrderTypes/route';
import { GET as citiesRoute } from '@/app/api/Job/ProcessingCity/[clientId]/route';
import { GET as selectedCourtRoute } from '@/app/api/SelectedCourt/Court/[court]/JobLocation/[loc]/route';
import { POST as zonedNowRoute } from '@/app/api/User/GetUserTimeZoneDateTime/route';
import { fixedClock, setClock } from '@/lib/clock';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { listLocations } from './lookups';

describe('job form lookup routes', () => {
  useTestDatabase();

  type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

  async function call(
    handler: Handler,
    token: string | undefined,
    params: Record<string, string> = {},
    body?: { json?: unknown; raw?: string },
  ) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const payload = body?.raw ?? (body && 'json' in body ? JSON.stringify(body.json) : undefined);
    const res = await handler(
      new Request('http://localhost/api', { method: payload === undefined ? 'GET' : 'POST', headers, body: payload }),
      { params: Promise.resolve(params) },
    );
    return { status: res.status, body: await res.json() };
  }

  describe('client-scoped lookup routes', () => {
    it('branch addresses and processing cities: own client 200, another client 404, malformed 400, anonymous 401', async () => {
      const { token, clientId } = await signedIn();
      const other = await signedIn();
      const own = await call(branchAddresses, token, { clientId: String(clientId) });
      expect(own.status).toBe(200);
      expect(own.body[0]).toEqual({
        ClientBranchAddressId: expect.any(Number),
        Text: expect.any(String),
        Label: 'Head office',
        Address: expect.any(String),
        IsDefault: true,
        ExtClientBranchId: null,
      });
      expect((await call(branchAddresses, token, { clientId: String(other.clientId) })).status).toBe(404);
      expect((await call(branchAddresses, token, { clientId: 'abc' })).status).toBe(400);
      expect((await call(branchAddresses, undefined, { clientId: String(clientId) })).status).toBe(401);
      expect(await call(citiesRoute, token, { clientId: String(clientId) })).toEqual({ status: 200, body: [] });
      expect((await call(citiesRoute, token, { clientId: String(other.clientId) })).status).toBe(404);
    });

    it('matter reference suggestions: a JSON string or { SearchText }; bad bodies 400; another client 404', async () => {
      const { token, clientId } = await signedIn();
      const other = await signedIn();
      const p = { clientId: String(clientId) };
      const byString = await call(matterSuggestions, token, p, { json: 'mat-' });
      expect(byString.status).toBe(200);
      expect(byString.body).toHaveLength(2);
      // A whole reference matches only itself (a fragment such as '-1' could also match the random part of the other).
      const [first] = byString.body as string[];
      expect((await call(matterSuggestions, token, p, { json: { SearchText: first } })).body).toEqual([first]);
      expect((await call(matterSuggestions, token, p, { json: 42 })).status).toBe(400);
      expect((await call(matterSuggestions, token, p, { json: 'x'.repeat(201) })).status).toBe(400);
      expect((await call(matterSuggestions, token, p, { raw: '{"SearchText":' })).status).toBe(400);
      expect((await call(matterSuggestions, token, { clientId: String(other.clientId) }, { json: 'mat' })).status).toBe(
        404,
      );
    });

    it('check matter reference and cost estimate answer booleans', async () => {
      const { token, clientId } = await signedIn();
      const other = await signedIn();
      const suggestions = await call(matterSuggestions, token, { clientId: String(clientId) }, { json: 'MAT' });
      expect(await call(checkMatter, token, { reference: suggestions.body[0] })).toEqual({ status: 200, body: true });
      expect(await call(checkMatter, token, { reference: 'nope' })).toEqual({ status: 200, body: false });
      expect(await call(costEstimate, token, { costEstimate: '7001', clientId: String(clientId) })).toEqual({
        status: 200,
        body: true,
      });
      expect(await call(costEstimate, token, { costEstimate: '70x1', clientId: String(clientId) })).toEqual({
        status: 200,
        body: false,
      });
      expect((await call(costEstimate, token, { costEstimate: '7001', clientId: String(other.clientId) })).status).toBe(
        404,
      );
      expect((await call(costEstimate, token, { costEstimate: '7001', clientId: '1.5' })).status).toBe(400);
    });
  });

  describe('reference lookup routes', () => {
    it('order types, courts and the selected court flags', async () => {
      const { token } = await signedIn();
      const types = await call(orderTypesRoute, token);
      expect(types.body[0]).toEqual({ OrderTypeId: 1, Text: 'Appeal Book' });
      const loc = (await listLocations('court_copy'))[0]?.id ?? 0;
      const courts = await call(courtsRoute, token, { type: '2', loc: String(loc) });
      expect(courts.body[0]).toMatchObject({
        CourtId: 1,
        Text: 'Supreme Court',
        EnableFilingMethod: true,
        EnableSCGen: true,
      });
      expect((await call(courtsRoute, token, { type: '9', loc: String(loc) })).status).toBe(400);
      expect((await call(courtsRoute, token, { type: '2', loc: 'x' })).status).toBe(400);
      const flags = await call(selectedCourtRoute, token, { court: '7', loc: String(loc) });
      expect(flags.body).toEqual({
        EnableFilingMethod: false,
        EnablePhotocopyMethod: true,
        EnableScanMethod: true,
        EnableBothPhotocopyAndScanMethod: true,
        EnableSCGen: false,
        EnableMessage: true,
        MessageDescription: expect.any(String),
      });
      expect((await call(selectedCourtRoute, token, { court: '77', loc: String(loc) })).status).toBe(404);
      expect((await call(selectedCourtRoute, undefined, { court: '7', loc: String(loc) })).status).toBe(401);
    });

    it('locations, branches and countries; the login-page countries need no session', async () => {
      const { token } = await signedIn();
      expect((await call(appealLocations, token)).body[0]).toEqual({
        LocationId: expect.any(Number),
        Text: 'Sydney',
        BranchId: expect.any(Number),
        AlternateBranch: false,
      });
      expect((await call(copyLocations, token)).body.map((l: { Text: string }) => l.Text)).toContain('Parramatta');
      expect((await call(branchesRoute, token)).body[0]).toEqual({
        BranchId: expect.any(Number),
        Text: expect.any(String),
        CountryId: expect.any(Number),
      });
      expect((await call(countriesRoute, undefined)).status).toBe(401);
      const open = await call(loginCountries, undefined);
      expect(open.status).toBe(200);
      expect(open.body.map((c: { Text: string }) => c.Text)).toEqual(['Australia', 'New Zealand']);
    });
  });

  describe('POST api/User/GetUserTimeZoneDateTime', () => {
    let restore: (() => void) | undefined;
    afterEach(() => restore?.());

    it('answers the server’s now in the user’s zone; the posted date must be a date', async () => {
      // The session is opened at the fixed time too, so it is fresh whatever today's date is.
      restore = setClock(fixedClock('2026-07-01T00:15:00Z'));
      const { token } = await signedIn();
      const expected = {
        DateTime: '2026-07-01T10:15:00',
        TimeZoneId: 'Australia/Sydney',
        UtcOffset: '+10:00',
        Utc: '2026-07-01T00:15:00.000Z',
      };
      expect(await call(zonedNowRoute, token, {}, { json: '2026-06-30T23:00:00' })).toEqual({
        status: 200,
        body: expected,
      });
      expect(await call(zonedNowRoute, token, {}, { json: { CurrentDate: '2026-06-30' } })).toEqual({
        status: 200,
        body: expected,
      });
      expect((await call(zonedNowRoute, token, {}, { json: 'yesterday-ish' })).status).toBe(400);
      expect((await call(zonedNowRoute, token, {}, { json: 42 })).status).toBe(400);
      expect((await call(zonedNowRoute, undefined, {}, { json: '2026-06-30' })).status).toBe(401);
    });
  });
});
