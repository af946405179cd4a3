import type { Metadata } from 'next';
import { AuthHandler } from '@/components/auth/AuthHandler';
import type { SearchParams } from '@/components/auth/SignInScreen';
import { signOutAction } from '../SignOut/actions';

export const metadata: Metadata = { title: 'Admin', robots: { index: false } };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md items-center justify-center px-4">
      <AuthHandler searchParams={await searchParams} alwaysSignOut={false} signOut={signOutAction} />
    </main>
  );
}
