import { Card } from '@/components/ui/Card';
import { safeReturnUrl } from '@/lib/auth/return-url';
import { HashRedirect } from './HashRedirect';
import { SignInForm, type PasswordStepAction, type ResendAction } from './SignInForm';

export type SearchParams = Record<string, string | string[] | undefined>;

export function firstParam(sp: SearchParams, name: string): string | undefined {
  const v = sp[name];
  return Array.isArray(v) ? v[0] : v;
}

export interface SignInScreenProps {
  searchParams: SearchParams;
  passwordStep: PasswordStepAction;
  resend: ResendAction;
  ssoEnabled: boolean;
}

/** The sign-in page (/, /SignIn, /signin): messageType=2 says the session expired, 3 that the account was deactivated; returnUrl is where to go after. */
export function SignInScreen({ searchParams, passwordStep, resend, ssoEnabled }: SignInScreenProps) {
  return (
    <div className="mx-auto w-full max-w-md">
      <HashRedirect />
      <Card className="shadow-sm">
        <h1 className="mb-4 text-2xl font-semibold text-ink">Sign in</h1>
        <SignInForm
          passwordStep={passwordStep}
          resend={resend}
          sessionExpired={firstParam(searchParams, 'messageType') === '2'}
          accountDeactivated={firstParam(searchParams, 'messageType') === '3'}
          returnUrl={safeReturnUrl(firstParam(searchParams, 'returnUrl'))}
          ssoEnabled={ssoEnabled}
        />
      </Card>
    </div>
  );
}
