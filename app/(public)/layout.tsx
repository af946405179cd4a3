import Link from 'next/link';

/** The public pages (sign-in, password pages, terms, errors): a simple centered layout. */
export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
          <span className="text-lg font-semibold text-brand-800">JMS Portal</span>
        </div>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-3xl">{children}</div>
      </main>
      <footer className="border-t border-line bg-surface">
        <nav aria-label="Legal" className="mx-auto flex max-w-5xl flex-wrap gap-4 px-4 py-3 text-sm text-muted">
          <Link href="/termsofuse" className="hover:underline">
            Terms of use
          </Link>
          <Link href="/privacystatement" className="hover:underline">
            Privacy statement
          </Link>
          <Link href="/accessibility" className="hover:underline">
            Accessibility
          </Link>
        </nav>
      </footer>
    </div>
  );
}
