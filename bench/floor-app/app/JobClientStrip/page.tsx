/** The floor of /JobClient with the home strip's statement run beside the list's (bench/pages.ts: what the strip adds). */
import { FloorTable } from '../FloorTable';
import { floorRows, floorStrip } from '../floor-data';

export const dynamic = 'force-dynamic';

export default async function Page() {
  const [rows, strip] = await Promise.all([floorRows('jobs'), floorStrip()]);
  return (
    <>
      <ul>
        {Object.entries(strip).map(([k, v]) => (
          <li key={k}>
            {k}: {typeof v === 'object' ? JSON.stringify(v) : String(v)}
          </li>
        ))}
      </ul>
      <FloorTable title="Jobs" rows={rows} />
    </>
  );
}
