/**
 * The floors of the list pages (the least work that serves page 1 of a list in its default order: the page's ids by
 * the sort index, then those rows by primary key, no count), built with the portal's own statement builders. Used
 * in-process by jobs-list and ops-queue, and written out as SQL for the floor app of bench/pages.ts (floorSpec).
 */
import { eq, fillPlaceholders, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db/client';
import { sessionLookupQuery } from '@/lib/auth/session';
import { clients, invoices, jobs, users } from '@/db/schema';
import { homeAttentionStatement, homeAttentionValues } from '@/lib/invoices/attention';
import { invoiceColumns, invoiceOrder, invoiceWhere } from '@/lib/invoices/query';
import { DEFAULT_INVOICE_QUERY } from '@/lib/invoices/schema';
import { jobListOrder } from '@/lib/jobs/list-sql';
import { DEFAULT_JOB_QUERY } from '@/lib/jobs/list-schema';
import { jobListFloorStatements } from '@/lib/jobs/queries';
import { limitOffset, pageClause } from '@/lib/lists/paging';
import { queueWhere } from '@/lib/ops/queue';
import { DEFAULT_QUEUE_QUERY, type QueueQuery } from '@/lib/ops/queue-schema';
import { CLIENT_ADMIN_ROLE, DEFAULT_PAGE_SIZE } from '@/lib/reference';
import { userColumns, userOrder, userWhere } from '@/lib/users/queries';
import { DEFAULT_USER_QUERY } from '@/lib/users/list-schema';

/** The rows of a page by primary key: its ids are the placeholder `ids` (an int[] literal, e.g. '{1,2}'). */
const byIds = (id: typeof jobs.id | typeof invoices.id | typeof users.id) =>
  inArray(id, sql`(select unnest(${sql.placeholder('ids')}::int[]))`);

/** LIMIT and OFFSET as the lists write them (pageClause): the floor is planned once too, not per call. */
function paging(page: number, size: number) {
  const { limit, offset } = limitOffset({ page, size });
  return { clause: pageClause(limit, offset), values: { limit, offset } };
}

/** The invoice list's floor for a client, default query. */
export function invoiceFloorStatements(
  db: Queryable,
  clientId: number,
  timeZone: string,
  page = 1,
  size = DEFAULT_PAGE_SIZE,
) {
  const { clause, values } = paging(page, size);
  const where = invoiceWhere(clientId, DEFAULT_INVOICE_QUERY, timeZone, new Date());
  return {
    values,
    ids: db
      .select({ id: invoices.id })
      .from(invoices)
      .where(where)
      .orderBy(...invoiceOrder(DEFAULT_INVOICE_QUERY))
      .limit(clause.limit)
      .offset(clause.offset),
    rows: db.select(invoiceColumns).from(invoices).where(byIds(invoices.id)),
  };
}

/** The user list's floor for a client (its administrator's /user), default query. */
export function userFloorStatements(db: Queryable, clientId: number, page = 1, size = DEFAULT_PAGE_SIZE) {
  const { clause, values } = paging(page, size);
  return {
    values,
    ids: db
      .select({ id: users.id })
      .from(users)
      .where(userWhere(clientId, DEFAULT_USER_QUERY))
      .orderBy(...userOrder(DEFAULT_USER_QUERY))
      .limit(clause.limit)
      .offset(clause.offset),
    rows: db.select(userColumns).from(users).where(byIds(users.id)),
  };
}

/** The staff queue's floor (/Ops/Jobs): the rows with their client's name. */
export function queueFloorStatements(
  db: Queryable,
  query: QueueQuery = { ...DEFAULT_QUEUE_QUERY, statuses: [] },
  page = 1,
  size = DEFAULT_PAGE_SIZE,
) {
  const { clause, values } = paging(page, size);
  return {
    values,
    ids: db
      .select({ id: jobs.id })
      .from(jobs)
      .where(queueWhere(query, new Date(), 'Australia/Sydney'))
      .orderBy(...jobListOrder(query.sortBy, query.sortOrder))
      .limit(clause.limit)
      .offset(clause.offset),
    rows: db
      .select({
        id: jobs.id,
        jmsNumber: jobs.jmsNumber,
        clientName: clients.name,
        orderType: jobs.orderType,
        status: jobs.status,
        matterReference: jobs.matterReference,
        description: jobs.description,
        contactName: jobs.contactName,
        createdAt: jobs.createdAt,
        dueAt: jobs.dueAt,
        deliveredAt: jobs.deliveredAt,
      })
      .from(jobs)
      .innerJoin(clients, eq(clients.id, jobs.clientId))
      .where(byIds(jobs.id)),
  };
}

/** Stands for the page's ids in a rows statement's parameters (the floor app puts the int[] literal there). */
export const IDS_MARKER = '@@page-ids@@';

interface Compiled {
  sql: string;
  params: unknown[];
}

const compile = (st: { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>): Compiled => {
  const { sql: text, params } = st.toSQL();
  return { sql: text, params: fillPlaceholders(params, values) };
};

/** Stands for the session id in the session statement's parameters. */
export const SESSION_MARKER = '@@session-id@@';

/** The door of the floor's signed-in pages: the signed-in callers' cookies and the roles each page admits. */
export interface FloorDoorInput {
  /** The session cookie's name. */
  cookie: string;
  /** By the cookie's value: its session id and role (what the portal's decoded-cookie cache holds). */
  claims: Record<string, { sid: string; role: number }>;
  /** By the page's path without its leading slash (JobClient, Ops/Jobs): the roles the portal's route table admits. */
  roles: Record<string, number[]>;
}

/** The SQL the floor app runs (bench/floor-app/app/floor-data.ts), with every value bound but the page's ids. */
export interface FloorSpec {
  idsMarker: string;
  pages: Record<'jobs' | 'invoices' | 'users' | 'queue', { ids: Compiled; rows: Compiled }>;
  strip: Compiled;
  door: FloorDoorInput & { session: Compiled; sessionColumns: string[]; sessionMarker: string };
}

/**
 * The floors of /JobClient, /Invoice, /user and /Ops/Jobs for a client's user, the home strip's statement, and the
 * door of the signed-in floor pages: the portal's own session statement.
 */
export function floorSpec(
  db: Queryable,
  viewer: { clientId: number; userId: number; role: number },
  timeZone: string,
  door: FloorDoorInput,
): FloorSpec {
  const { clientId } = viewer;
  // The strip in the scope the page shows this user (their own jobs, or the firm's for an administrator).
  const scope = viewer.role === CLIENT_ADMIN_ROLE ? 'firm' : 'mine';
  const at = new Date();
  const session = sessionLookupQuery(db);
  const page = (st: {
    values: Record<string, unknown>;
    ids: Parameters<typeof compile>[0];
    rows: Parameters<typeof compile>[0];
  }) => ({
    ids: compile(st.ids, st.values),
    rows: compile(st.rows, { ...st.values, ids: IDS_MARKER }),
  });
  return {
    idsMarker: IDS_MARKER,
    pages: {
      jobs: page(
        jobListFloorStatements(
          db,
          { clientId, userId: viewer.userId, now: at, timeZone },
          { ...DEFAULT_JOB_QUERY, statuses: [] },
          { page: 1, size: DEFAULT_PAGE_SIZE },
        ),
      ),
      invoices: page(invoiceFloorStatements(db, clientId, timeZone)),
      users: page(userFloorStatements(db, clientId)),
      queue: page(queueFloorStatements(db)),
    },
    strip: compile(homeAttentionStatement(db, scope), homeAttentionValues(viewer, at, timeZone, scope)),
    door: {
      ...door,
      session: compile(session, { sessionId: SESSION_MARKER }),
      sessionColumns: Object.keys(session._.selectedFields),
      sessionMarker: SESSION_MARKER,
    },
  };
}
