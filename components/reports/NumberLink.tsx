/** A number of the reports page: a link to the list behind it when it has one (`href`), else plain text. */
import Link from 'next/link';

export function NumberLink({ text, href }: { text: string; href?: string | null }) {
  return href ? (
    <Link href={href} prefetch={false}>
      {text}
    </Link>
  ) : (
    text
  );
}
