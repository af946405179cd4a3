import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { ClientGuards } from '@/components/shell/ClientGuards';
import { LiveAnnouncer } from '@/components/ui/LiveAnnouncer';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'JMS Portal', template: '%s · JMS Portal' },
  description: 'Order, track and pay for legal document services.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

/**
 * Every page renders per request (`connection()`): each answer carries a fresh CSP nonce from proxy.ts, which
 * Next.js puts on its scripts while rendering, so no page may be prerendered and served twice.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="antialiased">
        <ClientGuards />
        {children}
        <LiveAnnouncer />
      </body>
    </html>
  );
}
