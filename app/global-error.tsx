'use client';

/** The last-resort boundary (an error in the root layout itself): report, then go to /error. */
import { ErrorFallback } from '@/components/shell/ErrorFallback';
import './globals.css';

export default function GlobalError({ error }: { error: unknown }) {
  return (
    <html lang="en">
      <body>
        <title>Something went wrong · JMS Portal</title>
        <main>
          <ErrorFallback error={error} />
        </main>
      </body>
    </html>
  );
}
