/**
 * The footer of every page: copyright and the legal links. `year`: from the server when a client component renders
 * it (PortalChrome), so the hydrating browser does not disagree at the turn of a year.
 */
import Link from 'next/link';

export function SiteFooter({
  signedIn = false,
  year = new Date().getFullYear(),
}: {
  signedIn?: boolean;
  year?: number;
}) {
  return (
    <footer className="no-print border-t border-line bg-surface">
      <div className="ftr-in sm:flex-row sm:items-center sm:justify-between">
        <p>© {year} JMS. All rights reserved.</p>
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
