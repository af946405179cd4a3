/** The session cookie that marks the notice as seen for the current server session (see NoticeDialog). */
export const NOTICE_COOKIE = 'jms_notice';
