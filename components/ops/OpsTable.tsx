/**
 * A server-rendered staff list table: a caption for screen readers, column headers, and a frame that scrolls
 * on its own on narrow screens, so the page never scrolls sideways.
 */
import type { ReactNode } from 'react';

export const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase';
export const td = 'px-3 py-2 align-top text-sm';

export function OpsTable({
  caption,
  headers,
  children,
  empty,
  keyboardScroll = false,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
  empty?: boolean;
  /** The frame takes keyboard focus, so a table that may have no buttons or links can still be scrolled on a phone. */
  keyboardScroll?: boolean;
}) {
  return (
    <div className="max-w-full overflow-x-auto rounded-lg border border-line bg-surface" {...(keyboardScroll ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}>
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
    </div>
  );
}
