/** The portal's name as a home link, for the dark header. */
import Link from 'next/link';

export function Brand({ href }: { href: string }) {
  return (
    <Link href={href} className="brand">
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-7" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round">
        <path d="M6 3h9l4 4v14H6z" />
        <path d="M15 3v4h4M9 12h7M9 15.5h7M9 8.5h3" />
      </svg>
      <span>
        JMS <span className="font-normal">Portal</span>
      </span>
    </Link>
  );
}
