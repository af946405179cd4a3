import { describe, expect, it } from 'vitest';
import { packRows, unpackRows } from './packed';

interface Row {
  id: number;
  name: string;
  due?: string;
  tags: string[];
  paid: boolean | null;
}

describe('packed rows', () => {
  const rows: Row[] = [
    { id: 1, name: 'Scan – records', tags: ['a'], paid: null },
    { id: 2, name: 'Copy', due: '27-Nov-2026', tags: [], paid: true },
  ];

  it('names each field once and gives the rows back as they were', () => {
    const packed = packRows(rows);
    expect(packed.k).toEqual(['id', 'name', 'tags', 'paid', 'due']);
    expect(packed.v).toEqual([
      [1, 'Scan – records', ['a'], null, undefined],
      [2, 'Copy', [], true, '27-Nov-2026'],
    ]);
    expect(unpackRows(packed)).toEqual(rows);
    // A field the row did not have stays absent, not undefined.
    expect('due' in unpackRows(packed)[0]!).toBe(false);
  });

  it('is shorter than the rows as JSON once a page has more than one row', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({
      id: i,
      jmsNumber: String(100000 + i),
      matterReference: `HV-${i}`,
      contactName: 'Casey Vale',
    }));
    expect(JSON.stringify(packRows(many)).length).toBeLessThan(JSON.stringify(many).length * 0.6);
    expect(unpackRows(packRows(many))).toEqual(many);
  });

  it('packs an empty page', () => {
    expect(packRows([])).toEqual({ k: [], v: [] });
    expect(unpackRows(packRows<Row>([]))).toEqual([]);
  });
});
