/** The portal's name as a home link, for the dark header; its mark is the .brand class's ::before (app/globals.css). */
import Link from 'next/link';

export function Brand({ href }: { href: string }) {
  return (
    <Link href={href} className="brand">
      <span>
        JMS <span className="font-normal">Portal</span>
      </span>
    </Link>
  );
}
