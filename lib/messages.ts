/**
 * Every user-visible message of the specification (§1, §2, §5, §8), word for word.
 * Tests import these constants or quote the spec.
 */
import { BROWSER_WARNING } from './browser';

export const MSG = {
  // Lists and jobs
  noData: 'No Data Available',
  jobSaved: 'New Job is saved successfully.',
  jobFeedbackSaved: 'Job feedback saved successfully.',
  clonedFrom: (jobNumber: string) => `The details below have been cloned from job ${jobNumber}`,
  clonedInternalInstructions: (jobNumber: string) => `Cloned by client from job ${jobNumber}`,
  printPrompt: 'Do you want to print this Job?',
  // Files
  fileTooLarge: 'Files greater than 50 mb can not be uploaded.',
  fileExtensionBlocked: 'Files with this extension can not be uploaded.',
  fileDeleted: 'File has been deleted successfully.',
  fileDeleteConfirm: 'Are you sure you want to delete this file ?',
  // Sign-in
  invalidCredentials: (attemptsLeft: number) =>
    `Invalid Username or Password. You have only ${attemptsLeft} login attempt left.`,
  credentialDoesNotExist: 'Credential does not exist.',
  usernameIncorrect: 'Username is incorrect. Please try again.',
  otpExpired: 'OTP Expired. Please try Regenerating OTP',
  otpInvalid: 'Invalid OTP.',
  otpRequired: 'Please enter OTP.',
  tryLater: 'Please try after some time.',
  otpSent: 'Successfully OTP sent.',
  sessionExpired: 'Your session has expired.',
  /** Signed out because an administrator deactivated the account (not a spec message: the spec has none). */
  accountDeactivated: 'Your account has been deactivated. Please ask your administrator if you need access again.',
  /** Spec §8: what a failed single sign-on logs through api/SingleSignOnAuthentication/LogClientError. */
  ssoTokenMissing: 'Failed to find valid token',
  passwordExpired: 'Your password has expired, please change your password to login.',
  passwordFirstTime: 'Please change your password to login for the first time.',
  // Passwords
  passwordReused: 'Cannot use last 10 passwords or similar.',
  passwordNotReset: 'Password could not be reset.',
  resetLinkExpired: 'Your reset password link has been expired.',
  resetLinkInvalid: 'Invalid reset password link.',
  passwordResetDone: 'Your password has been reset. Please click here to login',
  passwordResetFailed: 'Your password was could not be reset, please contact your system administrator.',
  forgotEmailSent: 'An email has been sent.',
  forgotMaybeSent: 'If a user with this email exists, an email will be sent to reset the password.',
  // Settings
  settingsUpdated: 'Settings updated successfully.',
  settingsNotUpdated: 'Settings could not be updated successfully.',
  emailSent: 'Email sent successfully.',
  emailNotSent: 'Email could not be sent.',
  // Users
  /** Spec §8, word for word; the dialog's title names the user. */
  deactivateConfirm: 'Are you sure you want to deactivate this user ?',
  userDeactivated: 'User deactivated successfully.',
  userCreated: 'User created successfully.',
  userUpdated: 'User updated successfully.',
  createUserTitle: 'Create New User',
  editUserTitle: 'Edit User',
  // Shell
  // Files
  fileMalware: 'The file was refused because it contains malware.',
  fileNotChecked: 'The file could not be checked. Please try again later.',
  fileSizeMismatch: 'The file did not arrive whole: it is not the size the upload declared. Please try again.',
  fileSizeInvalid: 'The declared file size (X-File-Size) must be a whole number of bytes.',
  fileDamaged:
    'The file could not be downloaded because its stored copy no longer matches its SHA-256 receipt. Support has been notified.',
  browserWarning: BROWSER_WARNING,
} as const;
