/** The floor of /Ops/Jobs (bench/pages.ts): the page's rows from the floor SQL, as plain table cells. */
import { FloorTable } from '../../FloorTable';
import { floorRows } from '../../floor-data';

export const dynamic = 'force-dynamic';

export default async function Page() {
  return <FloorTable title="Job queue" rows={await floorRows('queue')} />;
}
