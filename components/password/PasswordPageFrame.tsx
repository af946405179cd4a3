import type { ReactNode } from 'react';
import { Card } from '@/components/ui/Card';

/** The frame of the public password pages, matching the sign-in card (the public layout gives the page chrome). */
export function PasswordPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="shadow-sm">
        <h1 className="mb-4 text-2xl font-semibold text-ink">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
