/**
 * The pages the accessibility statement says were checked, by area, as the statement lists them.
 * app/accessibility/checked-pages.test.ts keeps this list equal to the pages under app/: a new page fails that test
 * until it is checked and named here, and a page that is removed must leave the list too.
 */

export type CheckedArea = 'public' | 'portal' | 'staff';

export interface CheckedPage {
  /** The page's address, without its query string. */
  path: string;
  /** What a reader calls the page. */
  name: string;
  area: CheckedArea;
}

export const CHECKED_AREAS: Record<CheckedArea, string> = {
  public: 'Signing in and public pages',
  portal: 'The client portal',
  staff: 'The staff area',
};

export const CHECKED_PAGES: readonly CheckedPage[] = [
  { path: '/', name: 'Sign in (home page)', area: 'public' },
  { path: '/SignIn', name: 'Sign in', area: 'public' },
  { path: '/ForgotPassword', name: 'Forgot password', area: 'public' },
  { path: '/ResetNewPassword', name: 'Reset password (link from the e-mail)', area: 'public' },
  { path: '/ResetPassword', name: 'Change password', area: 'public' },
  { path: '/TwoFactorSetup', name: 'Set up an authenticator app', area: 'public' },
  { path: '/Authentication', name: 'Single sign-on hand-over', area: 'public' },
  { path: '/Admin', name: 'Single sign-on hand-over for administrators', area: 'public' },
  { path: '/Job', name: 'Single sign-on hand-over to a job', area: 'public' },
  { path: '/AuthenticationError', name: 'Sign-in failed', area: 'public' },
  { path: '/Unsubscribe', name: 'Unsubscribe from an alert (link from the e-mail)', area: 'public' },
  { path: '/SignOut', name: 'Sign out', area: 'public' },
  { path: '/error', name: 'Something went wrong', area: 'public' },
  { path: '/termsofuse', name: 'Terms of use', area: 'public' },
  { path: '/privacystatement', name: 'Privacy statement', area: 'public' },
  { path: '/accessibility', name: 'Accessibility statement', area: 'public' },
  { path: '/JobClient', name: 'Jobs (home and job list)', area: 'portal' },
  { path: '/JobClient/Views', name: 'Saved views', area: 'portal' },
  { path: '/SaveJob', name: 'New job (order form)', area: 'portal' },
  { path: '/JobSlip', name: 'Job slip', area: 'portal' },
  { path: '/Matter', name: 'Matter', area: 'portal' },
  { path: '/Invoice', name: 'Invoices', area: 'portal' },
  { path: '/InvoiceSlip', name: 'Invoice', area: 'portal' },
  { path: '/Statement', name: 'Statement of account', area: 'portal' },
  { path: '/Reports', name: 'Reports', area: 'portal' },
  { path: '/user', name: 'Users', area: 'portal' },
  { path: '/saveuser', name: 'Add or edit a user', area: 'portal' },
  { path: '/user/activity', name: 'Activity', area: 'portal' },
  { path: '/Settings', name: 'Settings', area: 'portal' },
  { path: '/Help', name: 'Help', area: 'portal' },
  { path: '/AccessDenied', name: 'Access denied', area: 'portal' },
  { path: '/Ops', name: 'Staff overview', area: 'staff' },
  { path: '/Ops/Jobs', name: 'Job queue', area: 'staff' },
  { path: '/Ops/Emails', name: 'E-mails the portal sends', area: 'staff' },
  { path: '/Ops/Job', name: 'Job (staff view)', area: 'staff' },
  { path: '/Ops/Clients', name: 'Clients', area: 'staff' },
  { path: '/Ops/Clients/New', name: 'New client', area: 'staff' },
  { path: '/Ops/Clients/View', name: 'Client', area: 'staff' },
  { path: '/Ops/Clients/Edit', name: 'Edit client', area: 'staff' },
  { path: '/Ops/Invoices', name: 'Invoices (staff)', area: 'staff' },
  { path: '/Ops/Invoices/New', name: 'Issue invoice', area: 'staff' },
  { path: '/Ops/Invoices/Payment', name: 'Record payment', area: 'staff' },
  { path: '/Ops/Invoices/Adjust', name: 'Void or adjust invoice', area: 'staff' },
  { path: '/Ops/Invoices/Prices', name: 'Price lists', area: 'staff' },
  { path: '/Ops/Invoices/Supplier', name: 'Supplier details', area: 'staff' },
  { path: '/Ops/Invoices/Statement', name: 'Statement of account (staff)', area: 'staff' },
  { path: '/Ops/Invoices/Receivables', name: 'Aged receivables', area: 'staff' },
  { path: '/Ops/Staff', name: 'Staff users', area: 'staff' },
  { path: '/Ops/Staff/Edit', name: 'Staff user', area: 'staff' },
  { path: '/Ops/Notices', name: 'Notices and help', area: 'staff' },
  { path: '/Ops/ApiKeys', name: 'API keys', area: 'staff' },
  { path: '/Ops/Webhooks', name: 'Webhooks', area: 'staff' },
  { path: '/Ops/Webhooks/Edit', name: 'Webhook endpoint', area: 'staff' },
  { path: '/Ops/Webhooks/Endpoint', name: 'Webhook deliveries', area: 'staff' },
];
