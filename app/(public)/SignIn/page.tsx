import type { Metadata } from 'next';
import { SignInScreen, type SearchParams } from '@/components/auth/SignInScreen';
import { ssoEnabled } from '@/lib/auth/next-auth';
import { passwordStep, resendStep } from './actions';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <SignInScreen
      searchParams={await searchParams}
      passwordStep={passwordStep}
      resend={resendStep}
      ssoEnabled={ssoEnabled()}
    />
  );
}
