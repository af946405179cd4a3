/** How the firm's events read on the activity page: names of changed fields only, exports in words. */
import { describe, expect, it } from 'vitest';
import { describeActivity, type ActivityFacts } from './activity-present';
import { ACTIVITY_ACTIONS, kindOfAction } from './activity-schema';

const facts = (
  action: string,
  details: Record<string, unknown> | null = null,
  over: Partial<ActivityFacts> = {},
): ActivityFacts => ({
  action,
  targetType: 'user',
  targetId: '7',
  targetUserName: 'hv.user',
  details,
  ...over,
});

describe('describeActivity', () => {
  it('names the fields a user edit changed, in words', () => {
    expect(describeActivity(facts('user.updated', { changed: ['firstName', 'email', 'password'] }))).toEqual({
      event: 'User edited',
      details: 'hv.user: changed first name, e-mail, password',
    });
  });

  it('tells an order from a clone', () => {
    expect(
      describeActivity(facts('job.create', { jmsNumber: '100200', sourceJobId: null }, { targetType: 'job' })).event,
    ).toBe('Job ordered');
    expect(
      describeActivity(facts('job.create', { jmsNumber: '100201', sourceJobId: 5 }, { targetType: 'job' })),
    ).toEqual({ event: 'Job cloned', details: 'Job 100201' });
  });

  it('names an amended job and its changed fields in words, and an invited user with the role', () => {
    expect(
      describeActivity(
        facts(
          'job.amend',
          { jmsNumber: '100202', changed: ['dueAt', 'numberOfCopies', '1 file added'] },
          { targetType: 'job' },
        ),
      ),
    ).toEqual({ event: 'Job amended', details: 'Job 100202: changed due time, number of copies, 1 file added' });
    expect(describeActivity(facts('user.invited', { userName: 'hv.user', role: 3 }))).toEqual({
      event: 'User invited',
      details: 'hv.user, Client User',
    });
  });

  it('says which list was exported, with which filters and how many rows', () => {
    const d = describeActivity(
      facts('export', {
        file: 'Jobs.csv',
        list: 'Jobs',
        filters: { matterReference: 'ABC', statuses: [1, 2], empty: '', timeDue: 0, sortBy: 3, sortOrder: 2 },
        rows: 42,
        complete: false,
      }),
    );
    expect(d).toEqual({
      event: 'Exported Jobs.csv',
      details:
        'Jobs list; filters: matter reference = ABC; status = Not Started, Started; 42 rows (download not completed)',
    });
    // "Only my jobs" unticked narrows nothing; ticked, it is said in the box's words.
    const all = describeActivity(
      facts('export', { file: 'Jobs.csv', list: 'Jobs', filters: { mine: false }, rows: 3 }),
    );
    expect(all.details).toBe('Jobs list; filters: no filters; 3 rows');
    const mine = describeActivity(
      facts('export', { file: 'Jobs.csv', list: 'Jobs', filters: { mine: true }, rows: 1 }),
    );
    expect(mine.details).toBe('Jobs list; filters: only my jobs = yes; 1 row');
  });

  it('words every action the page shows, each in exactly one kind', () => {
    for (const action of ACTIVITY_ACTIONS) {
      expect(describeActivity(facts(action, {})).event, action).not.toBe(action);
      expect(kindOfAction(action), action).not.toBeNull();
    }
    expect(new Set(ACTIVITY_ACTIONS).size).toBe(ACTIVITY_ACTIONS.length);
  });
});
