/** What the user list's Unlock and Sign out everywhere answer the browser, and their words. Browser-safe. */
import type { SignOutEverywhereResult, UnlockResult } from './access';

export type UnlockOutcome = UnlockResult['status'] | 'signed-out';
export type SignOutEverywhereOutcome = SignOutEverywhereResult | { status: 'signed-out-self' } | { status: 'session-ended' };

export const ACCESS_MSG = {
  unlockTitle: 'Unlock account',
  unlockConfirm: 'Unlock this account? Its failed sign-in attempts are reset and the user is told by e-mail.',
  unlocked: (userName: string) => `The account ${userName} was unlocked. The user has been sent an e-mail.`,
  notLocked: 'This account is not locked.',
  unlockFailed: 'The account could not be unlocked. Please try again.',
  signOutTitle: 'Sign out everywhere',
  signOutConfirm: 'Sign this user out on every device? Open pages will ask them to sign in again.',
  signedOut: (userName: string, n: number) => `${userName} was signed out everywhere (${n} ${n === 1 ? 'session' : 'sessions'} ended).`,
  signOutFailed: 'The user could not be signed out. Please try again.',
  reactivateTitle: 'Reactivate user',
  reactivateConfirm: 'Reactivate this user? They can sign in again with their password (reset it from Edit if they no longer know it).',
  reactivated: (userName: string) => `${userName} was reactivated.`,
} as const;
