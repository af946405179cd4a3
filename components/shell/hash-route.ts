/**
 * Links of the former hash-routed app (spec §2: /#/SignIn, /#/ForgotPassword, and any /#/Page?query)
 * map to the clean path. Only same-origin paths are followed. Pure and browser-safe.
 */
export function hashRoute(loc: { pathname: string; hash: string; origin: string }): string | null {
  if (loc.pathname !== '/' || !loc.hash.startsWith('#/')) return null;
  const path = loc.hash.slice(1);
  if (path.startsWith('//') || path.includes('\\') || path.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(path, loc.origin);
  } catch {
    return null;
  }
  if (url.origin !== loc.origin || url.pathname === '/') return null;
  return `${url.pathname}${url.search}`;
}
