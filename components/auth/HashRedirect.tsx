'use client';

import { useEffect } from 'react';

/** The hash routes of the old single-page app (spec §2): /#/SignIn and /#/ForgotPassword. */
const HASH_ROUTES: Record<string, string> = {
  '/SignIn': '/SignIn',
  '/signin': '/SignIn',
  '/ForgotPassword': '/ForgotPassword',
};

/** Sends /#/SignIn and /#/ForgotPassword (with their query) to the clean path. Renders nothing. */
export function HashRedirect() {
  useEffect(() => {
    // On / the root layout's ClientGuards follows the hash route (components/shell/hash-route.ts); a second,
    // full navigation from here would race it.
    if (window.location.pathname === '/') return;
    const m = /^#(\/[A-Za-z]+)(\?[^#]*)?$/.exec(window.location.hash);
    const target = m?.[1] ? HASH_ROUTES[m[1]] : undefined;
    if (!target) return;
    const query = m?.[2] ?? '';
    if (target === window.location.pathname) window.history.replaceState(null, '', `${target}${query}`);
    else window.location.replace(`${target}${query}`);
  }, []);
  return null;
}
