/**
 * A server-rendered staff list table: a caption for screen readers, column headers, and a frame that scrolls
 * on its own on narrow screens, so the page never scrolls sideways, and then says so and takes keyboard focus
 * (components/ui/ScrollRegion.tsx).
 */
import type { ReactNode } from 'react';
import { ScrollRegion } from '@/components/ui/ScrollRegion';

export const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase';
export const td = 'px-3 py-2 align-top text-sm';

export function OpsTable({
  caption,
  headers,
  children,
  empty,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
  empty?: boolean;
}) {
  return (
    <ScrollRegion label={caption} className="rounded-lg border border-line bg-surface">
      <table className="w-full border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-slate-50">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {empty ? (
            <tr>
              <td colSpan={headers.length} className={`${td} text-center text-muted`}>
                No Data Available
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
