/**
 * The catalogue: every e-mail the portal sends, one module each under lib/mail/kinds/. `enqueueMail` takes a kind
 * from here with its typed props, so the list below is the whole of the portal's mail (the staff previews and the
 * catalogue's test render each kind with its sample props).
 */
import type { MailDefinition } from './define';
import { accountUnlockedMail } from './kinds/account-unlocked';
import { creditNoteMail } from './kinds/credit-note';
import { emailChangedMail } from './kinds/email-changed';
import { exceptionMail } from './kinds/exception';
import { insufficientRightsMail } from './kinds/insufficient-rights';
import { integrityMail } from './kinds/integrity';
import { inviteMail } from './kinds/invite';
import { invoiceAlertMail } from './kinds/invoice-alert';
import { invoiceVoidedMail } from './kinds/invoice-voided';
import { invoiceIssuedMail } from './kinds/invoice-issued';
import { jobAlertMail } from './kinds/job-alert';
import { jobAlertDigestMail } from './kinds/job-alert-digest';
import { jobChangeMail } from './kinds/job-change';
import { jobMessageMail } from './kinds/job-message';
import { jobNotificationMail } from './kinds/job-notification';
import { malwareMail } from './kinds/malware';
import { orderConfirmationMail } from './kinds/order-confirmation';
import { otpMail } from './kinds/otp';
import { paymentReceiptMail } from './kinds/payment-receipt';
import { paymentReminderMail } from './kinds/payment-reminder';
import { resetMail } from './kinds/reset';
import { resetLockedMail } from './kinds/reset-locked';
import { securityMail } from './kinds/security';
import { securityPolicyMail } from './kinds/security-policy';
import { testMail } from './kinds/test';

export const MAIL_CATALOGUE = {
  otp: otpMail,
  reset: resetMail,
  'reset-locked': resetLockedMail,
  invite: inviteMail,
  'account-unlocked': accountUnlockedMail,
  security: securityMail,
  'email-changed': emailChangedMail,
  test: testMail,
  'order-confirmation': orderConfirmationMail,
  'job-alert': jobAlertMail,
  'job-alert-digest': jobAlertDigestMail,
  'job-notification': jobNotificationMail,
  'job-message': jobMessageMail,
  'job-change': jobChangeMail,
  'invoice-alert': invoiceAlertMail,
  'invoice-issued': invoiceIssuedMail,
  'payment-receipt': paymentReceiptMail,
  'invoice-voided': invoiceVoidedMail,
  'credit-note': creditNoteMail,
  'payment-reminder': paymentReminderMail,
  'security-policy': securityPolicyMail,
  'insufficient-rights': insufficientRightsMail,
  exception: exceptionMail,
  malware: malwareMail,
  integrity: integrityMail,
} as const satisfies Record<string, Pick<MailDefinition<string, never>, 'kind' | 'audience'>>;

export type MailCatalogue = typeof MAIL_CATALOGUE;
export type MailKind = keyof MailCatalogue;
/** The props of a kind: what its subject and body need. */
export type MailProps<K extends MailKind> = Parameters<MailCatalogue[K]['body']>[0];

export const MAIL_KINDS = Object.keys(MAIL_CATALOGUE) as MailKind[];
