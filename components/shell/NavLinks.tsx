'use client';

/** The main navigation links; the current screen is marked (aria-current) from the path. */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/components/ui/cn';
import { activeOpsHref, type OpsSection } from '@/lib/ops/nav';
import { activeNavHref, type NavItem } from '@/lib/shell/nav';

/** `sections`: the staff area's items, where the longest matching section path is the current one; in a row from xl (its header). */
export function NavLinks({ items, sections = false }: { items: NavItem[]; sections?: boolean }) {
  const pathname = usePathname();
  const active = sections ? activeOpsHref(items as OpsSection[], pathname) : activeNavHref(items, pathname);
  return (
    <ul
      className={cn(
        'flex flex-col gap-1',
        sections ? 'xl:flex-row xl:items-center xl:gap-1' : 'md:flex-row md:flex-wrap md:items-center md:gap-1',
      )}
    >
      {items.map((item) => (
        <li key={item.href}>
          <Link
            href={item.href}
            data-tour={item.tour}
            aria-current={item.href === active ? 'page' : undefined}
            // .hdr-a (app/globals.css) also marks the current one (aria-current).
            className={sections ? 'hdr-a whitespace-nowrap' : 'hdr-a'}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
