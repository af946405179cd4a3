import { fillPlaceholders } from 'drizzle-orm';
import { integer, pgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  limitOffset,
  MAX_ROWS_PER_PAGE,
  pageClause,
  pageFrom,
  pagePathSchema,
  pageSizeFrom,
  sortOrderFrom,
} from './paging';

const t = pgTable('t', { id: integer('id') });

describe('paging', () => {
  it.each([
    [
      { page: 1, size: 10 },
      { limit: 10, offset: 0 },
    ],
    [
      { page: 3, size: 15 },
      { limit: 15, offset: 30 },
    ],
    [
      { page: 1000, size: 100 },
      { limit: 100, offset: 99900 },
    ],
    [
      { page: 7, size: 0 },
      { limit: MAX_ROWS_PER_PAGE, offset: 0 },
    ],
  ])('%j reads %j', (p, lo) => expect(limitOffset(p)).toEqual(lo));

  it('parses the legacy {page}/{size} path segments and refuses the rest', () => {
    expect(pagePathSchema.parse({ page: '2', size: '0' })).toEqual({ page: 2, size: 0 });
    for (const bad of [
      { page: '0', size: '10' },
      { page: 'x', size: '10' },
      { page: '1', size: '-1' },
      { page: '1.5', size: '10' },
      { page: '1', size: String(MAX_ROWS_PER_PAGE + 1) },
    ]) {
      expect(pagePathSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('falls back to defaults for query-string values not offered', () => {
    expect(pageSizeFrom('15')).toBe(15);
    expect(pageSizeFrom('0')).toBe(0);
    expect(pageSizeFrom('13')).toBe(10);
    expect(pageSizeFrom(null)).toBe(10);
    // An absent parameter read as '' (the staff pages' reading) is the default, not 0 ("All").
    expect(pageSizeFrom('')).toBe(10);
    expect(pageSizeFrom(' ')).toBe(10);
    expect(pageFrom('4')).toBe(4);
    expect(pageFrom('-4')).toBe(1);
    expect(sortOrderFrom('1', 2)).toBe(1);
    expect(sortOrderFrom('9', 2)).toBe(2);
  });

  it.each([
    [10, 0, '10', 'select "id" from "t" limit 10', []],
    [100, 0, '100', 'select "id" from "t" limit 100', []],
    [MAX_ROWS_PER_PAGE, 0, String(MAX_ROWS_PER_PAGE), `select "id" from "t" limit ${MAX_ROWS_PER_PAGE}`, []],
    [15, 30, '15+$', 'select "id" from "t" limit 15 offset $1', [30]],
    [7, 0, '$', 'select "id" from "t" limit $1', [7]],
    [7, 14, '$+$', 'select "id" from "t" limit $1 offset $2', [7, 14]],
  ])('size %i from %i: LIMIT and OFFSET written as %s', (limit, offset, key, text, params) => {
    const c = pageClause(limit, offset);
    expect(c.key).toBe(key);
    const q = new QueryBuilder().select({ id: t.id }).from(t).limit(c.limit).offset(c.offset).toSQL();
    expect(q.sql).toBe(text);
    // The placeholders take the page's own limit and offset.
    expect(fillPlaceholders(q.params, { limit, offset })).toEqual(params);
  });

  it.each([
    [31, 0, 10, '31', 'select "id" from "t" limit 31', [], true],
    [31, 20, 10, '31+$', 'select "id" from "t" limit 31 offset $1', [20], false],
    [16, 0, 5, '$', 'select "id" from "t" limit $1', [16], false],
  ])(
    'a walk of %i from %i ahead of a page of %i: LIMIT written as %s',
    (walk, offset, size, key, text, params, plannedOnce) => {
      const c = pageClause(walk, offset, size);
      expect(c).toMatchObject({ key, plannedOnce });
      const q = new QueryBuilder().select({ id: t.id }).from(t).limit(c.limit).offset(c.offset).toSQL();
      expect(q.sql).toBe(text);
      // The placeholders take the walk and the page's offset.
      expect(fillPlaceholders(q.params, { limit: walk, offset })).toEqual(params);
    },
  );
});
