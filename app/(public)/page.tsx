import type { Metadata } from 'next';
import { SignInScreen, type SearchParams } from '@/components/auth/SignInScreen';
import { ssoEnabled } from '@/lib/auth/next-auth';
import { passwordStep, resendStep } from './SignIn/actions';

export const metadata: Metadata = { title: 'Sign in' };

/** / is the sign-in page (spec §2); /#/SignIn and /#/ForgotPassword are sent to their clean paths. */
export default async function HomePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <SignInScreen
      searchParams={await searchParams}
      passwordStep={passwordStep}
      resend={resendStep}
      ssoEnabled={ssoEnabled()}
    />
  );
}
