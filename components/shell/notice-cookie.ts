/** The session cookie that marks the notice as seen for the current server session (see NoticeDialog). */
export const NOTICE_COOKIE = 'jms_notice';

/** The session cookie that marks the password-expiry notice as seen for the current server session. */
export const PASSWORD_EXPIRY_COOKIE = 'jms_password_expiry';
