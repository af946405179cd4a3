import type { Metadata, Viewport } from 'next';
import { ClientGuards } from '@/components/shell/ClientGuards';
import { MSG } from '@/lib/messages';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'JMS Portal', template: '%s · JMS Portal' },
  description: 'Order, track and pay for legal document services.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="antialiased">
        <ClientGuards browserWarning={MSG.browserWarning} />
        {children}
      </body>
    </html>
  );
}
