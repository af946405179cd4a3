/** The frame of the public pages (terms, privacy, errors): header with the portal's name, main, footer. */
import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { SiteFooter } from './SiteFooter';

export function PublicShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className="surface-inverse no-print">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-3">
          <Brand href="/" />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full flex-1 px-4 py-8 focus:outline-none ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
