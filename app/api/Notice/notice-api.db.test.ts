/** api/Notice/DisableNotice/{id} called in-process: an id beyond int4 (found by the API fuzzer) is a 400, never a 500. */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db';
import { signedIn } from '@/test/factories';
import { POST as disableNotice } from './DisableNotice/[id]/route';

describe('api/Notice/DisableNotice/{id}', () => {
  useTestDatabase();

  it('answers 400 naming the id for ids that are not positive int4 numbers, and true for an unknown one', async () => {
    const { token } = await signedIn(3);
    const call = (id: string) =>
      disableNotice(
        new Request(`http://localhost/api/Notice/DisableNotice/${id}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
        }),
        {
          params: Promise.resolve({ id }),
        },
      );
    for (const id of ['8620640535838720', '2147483648', '0', '-1', 'abc']) {
      const res = await call(id);
      expect(res.status, id).toBe(400);
      expect(Object.keys((await res.json()).error.fields), id).toEqual(['id']);
    }
    expect((await call('2147483647')).status).not.toBe(500);
  });
});
