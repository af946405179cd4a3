import { describe, expect, it } from 'vitest';
import { listStateModelSchema, parseModel, toPreferenceModel } from './preference-model';
import {
  DEFAULT_JOB_QUERY,
  hasListParams,
  jobIdPathSchema,
  jobListBodySchema,
  queryFromSearchParams,
  querySearchParams,
  toJobListBody,
} from './list-schema';

describe('job list query', () => {
  it('an empty or missing body is the default list (sort 0, newest first)', () => {
    expect(jobListBodySchema.parse(undefined)).toEqual(DEFAULT_JOB_QUERY);
    expect(jobListBodySchema.parse({})).toEqual(DEFAULT_JOB_QUERY);
    expect(jobListBodySchema.parse({ JMSNumber: null, SortBy: null, JobStatusModel: null })).toEqual(DEFAULT_JOB_QUERY);
  });

  it('reads the legacy body: trimmed filters, statuses as ids or objects, numbers as text', () => {
    const q = jobListBodySchema.parse({
      JMSNumber: 100234,
      MatterReference: ' HV ',
      JobStatusModel: [{ JobStatusId: 8, JobStatus: 'Delivered' }, 12, 8],
      TimeDueFilter: '1',
      SortBy: 6,
      SortOrder: 1,
    });
    expect(q).toMatchObject({
      jmsNumber: '100234',
      matterReference: 'HV',
      statuses: [8, 12],
      timeDue: 1,
      sortBy: 6,
      sortOrder: 1,
    });
  });

  it('round-trips through the body the Export button posts', () => {
    const q = {
      ...DEFAULT_JOB_QUERY,
      contactName: 'amy',
      statuses: [3, 8],
      timeCreated: 2,
      sortBy: 4,
      sortOrder: 1 as const,
    };
    expect(jobListBodySchema.parse(toJobListBody(q))).toEqual(q);
  });

  it('round-trips through the /JobClient URL, leaving defaults out', () => {
    const q = {
      ...DEFAULT_JOB_QUERY,
      description: 'a&b',
      statuses: [1, 15],
      timeDelivered: 7,
      sortBy: 8,
      sortOrder: 1 as const,
    };
    const params = new URLSearchParams(querySearchParams(q, 50));
    expect(params.getAll('status')).toEqual(['1', '15']);
    expect(params.get('size')).toBe('50');
    expect(queryFromSearchParams(params)).toEqual(q);
    expect(querySearchParams(DEFAULT_JOB_QUERY, 10)).toEqual([]);
    expect(hasListParams(new URLSearchParams('messageType=1&jb=x'))).toBe(false);
    expect(hasListParams(new URLSearchParams('page=2'))).toBe(true);
  });

  it('the logged-months filter (the /Reports page links) round-trips through the URL and the legacy body', () => {
    const q = { ...DEFAULT_JOB_QUERY, loggedFrom: '2026-09', loggedTo: '2026-11' };
    const params = new URLSearchParams(querySearchParams(q));
    expect(params.toString()).toBe('loggedFrom=2026-09&loggedTo=2026-11');
    expect(hasListParams(params)).toBe(true);
    expect(queryFromSearchParams(params)).toEqual(q);
    expect(jobListBodySchema.parse(toJobListBody(q))).toEqual(q);
    expect(queryFromSearchParams(new URLSearchParams('loggedFrom=2026-13&loggedTo=11-2026'))).toEqual(
      DEFAULT_JOB_QUERY,
    );
    const r = jobListBodySchema.safeParse({ LoggedFromMonth: '2026-9' });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['LoggedFromMonth']);
  });

  it('"Only my jobs" round-trips through the URL, the legacy body and a saved view; only true turns it on', () => {
    const q = { ...DEFAULT_JOB_QUERY, mine: true, statuses: [3] };
    const params = new URLSearchParams(querySearchParams(q));
    expect(params.toString()).toBe('status=3&mine=1');
    expect(queryFromSearchParams(params)).toEqual(q);
    expect(toJobListBody(q)).toMatchObject({ MyJobsOnly: true });
    expect(jobListBodySchema.parse(toJobListBody(q))).toEqual(q);
    expect('MyJobsOnly' in toJobListBody(DEFAULT_JOB_QUERY)).toBe(false);
    expect(queryFromSearchParams(new URLSearchParams('mine=yes')).mine).toBe(false);
    const r = jobListBodySchema.safeParse({ MyJobsOnly: 'true' });
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['MyJobsOnly']);
    // A saved view keeps it, and a view without it is the firm's list (the legacy preference keeps its shape).
    const model = toPreferenceModel({ query: q, pageSize: 10 });
    expect(model.MyJobsFilter).toBe(true);
    const parsed = parseModel(listStateModelSchema.parse(model), 10);
    expect(parsed.ok && parsed.value.query).toEqual(q);
    expect('MyJobsFilter' in toPreferenceModel({ query: DEFAULT_JOB_QUERY, pageSize: 10 })).toBe(false);
  });

  it('a hand-edited URL never fails: garbage falls back to the default', () => {
    const q = queryFromSearchParams(
      new URLSearchParams('sort=99&dir=7&status=abc&status=8,99&created=-1&contact=<b>x</b>'),
    );
    expect(q).toEqual({ ...DEFAULT_JOB_QUERY, statuses: [8] });
  });

  it('ids in legacy paths are plain positive integers', () => {
    expect(jobIdPathSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999', ''])
      expect(jobIdPathSchema.safeParse({ id }).success).toBe(false);
  });
});

describe('a NUL character (PostgreSQL cannot store it)', () => {
  it('drops that filter from a hand-edited /JobClient URL instead of failing the page', () => {
    const q = queryFromSearchParams(new URLSearchParams('matter=HV%00&contact=Amy'));
    expect(q.matterReference).toBe('');
    expect(q.contactName).toBe('Amy');
  });

  it('is refused in a legacy body with a field message', () => {
    const r = jobListBodySchema.safeParse({ JMSNumber: '10\u00001' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['JMSNumber']);
  });
});
