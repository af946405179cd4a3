/**
 * The browser check of spec §1 and §9: Internet Explorer 11 or later, Edge, Chrome and Safari are
 * supported; everything else (Firefox, Opera, Samsung Internet, older IE...) sees the warning.
 * Browser-safe and pure: classifies a user-agent string.
 */
/** The warning of spec §1 (MSG.browserWarning): here, so the browser check's island has it without a prop on every page. */
export const BROWSER_WARNING =
  'Some features of JMS may not work properly with your current browser. We suggest using Internet Explorer 11, Edge, Google Chrome or Safari.';

export type BrowserFamily = 'ie' | 'edge' | 'chrome' | 'safari' | 'firefox' | 'opera' | 'samsung' | 'other';

export interface BrowserInfo {
  family: BrowserFamily;
  /** Major version where it matters (IE), else null. */
  major: number | null;
}

/** Chromium- or WebKit-based browsers that say "Chrome" or "Safari" but are not Chrome or Safari. */
const OTHER_BRANDS =
  /\b(?:YaBrowser|UCBrowser|UCWEB|Vivaldi|Puffin|Silk|MiuiBrowser|HuaweiBrowser|Whale|QQBrowser|Maxthon|Brave|DuckDuckGo|Ddg)\//i;

export function classifyBrowser(userAgent: string | null | undefined): BrowserInfo {
  const ua = userAgent ?? '';
  const version = (re: RegExp) => {
    const m = re.exec(ua);
    return m?.[1] ? Number.parseInt(m[1], 10) : null;
  };
  // Internet Explorer: "MSIE n" up to 10, "Trident/7.0; rv:11.0" for 11.
  if (/\bMSIE \d/.test(ua)) return { family: 'ie', major: version(/\bMSIE (\d+)/) };
  if (/\bTrident\/\d/.test(ua)) return { family: 'ie', major: version(/\brv:(\d+)/) ?? 11 };
  // Order matters: Edge, Opera and Samsung Internet all carry "Chrome/" and "Safari/".
  if (/\b(?:Edge|Edg|EdgA|EdgiOS)\//.test(ua)) return { family: 'edge', major: null };
  if (/\b(?:OPR|OPT|OPiOS|Opera)[/ ]/.test(ua) || /\bOpera\b/.test(ua)) return { family: 'opera', major: null };
  if (/\bSamsungBrowser\//.test(ua)) return { family: 'samsung', major: null };
  if (/\b(?:Firefox|FxiOS|Focus)\//.test(ua)) return { family: 'firefox', major: null };
  if (OTHER_BRANDS.test(ua)) return { family: 'other', major: null };
  if (/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//.test(ua)) return { family: 'chrome', major: null };
  // Safari (macOS, iOS, iPadOS): "Version/x ... Safari/", or an iOS WebKit view ("Mobile/" without Version).
  if (/\bAndroid\b/.test(ua)) return { family: 'other', major: null };
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return { family: 'safari', major: null };
  if (/\b(?:iPhone|iPad|iPod)\b/.test(ua) && /\bAppleWebKit\//.test(ua)) return { family: 'safari', major: null };
  return { family: 'other', major: null };
}

/** True when the browser is one the portal supports (no warning). */
export function isSupportedBrowser(userAgent: string | null | undefined): boolean {
  const { family, major } = classifyBrowser(userAgent);
  if (family === 'ie') return major !== null && major >= 11;
  return family === 'edge' || family === 'chrome' || family === 'safari';
}
