/** The footer of every page: copyright and the legal links. */
import Link from 'next/link';

export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <footer className="no-print border-t border-line bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
        <p>© {new Date().getFullYear()} JMS. All rights reserved.</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {signedIn && (
            <li>
              <Link href="/Help">Help</Link>
            </li>
          )}
          <li>
            <Link href="/termsofuse">Terms of use</Link>
          </li>
          <li>
            <Link href="/privacystatement">Privacy statement</Link>
          </li>
          <li>
            <Link href="/accessibility">Accessibility</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
