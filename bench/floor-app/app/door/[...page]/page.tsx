/**
 * The floor of a signed-in list page (bench/pages.ts): /door/JobClient, /door/Invoice, /door/user, /door/Ops/Jobs.
 * After proxy.ts (the nonce and the route check), the least a signed-in page does before its rows: it reads the
 * session row by the portal's own statement, then serves the same rows as the plain floor.
 */
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { FloorTable } from '../../FloorTable';
import { floorRows, floorSession, open } from '../../floor-data';

export const dynamic = 'force-dynamic';

const LISTS: Record<string, { name: string; title: string }> = {
  JobClient: { name: 'jobs', title: 'Jobs' },
  Invoice: { name: 'invoices', title: 'Invoices' },
  user: { name: 'users', title: 'Users' },
  'Ops/Jobs': { name: 'queue', title: 'Job queue' },
};

export default async function Page({ params }: { params: Promise<{ page: string[] }> }) {
  const list = LISTS[(await params).page.join('/')];
  if (!list) notFound();
  const { door } = open().spec;
  const claims = door.claims[(await cookies()).get(door.cookie)?.value ?? ''];
  const session = claims && (await floorSession(claims.sid));
  if (!session) redirect('/signin');
  return <FloorTable title={list.title} rows={await floorRows(list.name)} />;
}
