/** A list's rows as plain table cells, its column names as headers (the floor of bench/pages.ts). */
import type { Row } from './floor-data';

const cell = (v: unknown) =>
  v === null || v === undefined
    ? ''
    : v instanceof Date
      ? v.toISOString()
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

export function FloorTable({ title, rows }: { title: string; rows: Row[] }) {
  const columns = Object.keys(rows[0] ?? {});
  return (
    <main>
      <h1>{title}</h1>
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{cell(r[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
