'use client';

import { useEffect, useRef } from 'react';
import { MSG } from '@/lib/messages';

/** The legacy client-error log of a failed single sign-on (spec §7, §8). */
export const SSO_LOG_CLIENT_ERROR_URL = `/api/SingleSignOnAuthentication/LogClientError/${encodeURIComponent(MSG.ssoTokenMissing)}`;

/**
 * On /AuthenticationError: single sign-on failed or gave no valid token, so the browser logs spec §8's 'Failed to find
 * valid token' through api/SingleSignOnAuthentication/LogClientError, once per visit. Plain fetch: there is no
 * session, and a failed log must not disturb the page.
 */
export function SsoFailureLogger() {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void fetch(SSO_LOG_CLIENT_ERROR_URL, { cache: 'no-store' }).catch(() => undefined);
  }, []);
  return null;
}
