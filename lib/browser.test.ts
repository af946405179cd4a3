import { describe, expect, it } from 'vitest';
import { classifyBrowser, isSupportedBrowser } from './browser';

const UA = {
  chromeWin:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Chrome/120.0.0.0 Safari/537.36',
  edgeChromium:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  edgeLegacy:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.87',
  edgeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/131.2903.86 Mobile/15E148 Safari/605.1.15',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadWebView: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  firefoxWin: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  firefoxFocus:
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Focus/133.0 Chrome/131.0.0.0 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  operaPresto: 'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18',
  operaIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 OPT/5.0.1 Mobile/15E148 Safari/604.1',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  yandex:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 YaBrowser/24.10.0.0 Safari/537.36',
  ucBrowser:
    'Mozilla/5.0 (Linux; U; Android 10; en-US; RMX2020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
  androidStock:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; GT-I9100 Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  curl: 'curl/8.5.0',
} as const;

describe('classifyBrowser', () => {
  it.each([
    ['chromeWin', 'chrome'],
    ['chromeAndroid', 'chrome'],
    ['chromeIos', 'chrome'],
    ['headlessChrome', 'chrome'],
    ['chromium', 'chrome'],
    ['edgeChromium', 'edge'],
    ['edgeLegacy', 'edge'],
    ['edgeAndroid', 'edge'],
    ['edgeIos', 'edge'],
    ['safariMac', 'safari'],
    ['safariIphone', 'safari'],
    ['ipadWebView', 'safari'],
    ['ie11', 'ie'],
    ['ie10', 'ie'],
    ['firefoxWin', 'firefox'],
    ['firefoxIos', 'firefox'],
    ['firefoxFocus', 'firefox'],
    ['opera', 'opera'],
    ['operaPresto', 'opera'],
    ['operaIos', 'opera'],
    ['samsung', 'samsung'],
    ['yandex', 'other'],
    ['androidStock', 'other'],
    ['curl', 'other'],
  ] as const)('%s is %s', (name, family) => {
    expect(classifyBrowser(UA[name]).family).toBe(family);
  });

  it('reads the Internet Explorer version', () => {
    expect(classifyBrowser(UA.ie11).major).toBe(11);
    expect(classifyBrowser(UA.ie10).major).toBe(10);
  });
});

describe('isSupportedBrowser', () => {
  it.each([
    ['chromeWin', true],
    ['chromeAndroid', true],
    ['chromeIos', true],
    ['headlessChrome', true],
    ['edgeChromium', true],
    ['edgeLegacy', true],
    ['edgeIos', true],
    ['safariMac', true],
    ['safariIphone', true],
    ['ie11', true],
    ['ie10', false],
    ['ie9', false],
    ['firefoxWin', false],
    ['firefoxLinux', false],
    ['firefoxIos', false],
    ['firefoxFocus', false],
    ['opera', false],
    ['operaPresto', false],
    ['operaIos', false],
    ['samsung', false],
    ['yandex', false],
    ['ucBrowser', false],
    ['androidStock', false],
    ['curl', false],
  ] as const)('%s → supported: %s', (name, supported) => {
    expect(isSupportedBrowser(UA[name])).toBe(supported);
  });

  it('treats a missing user agent as unsupported', () => {
    expect(isSupportedBrowser('')).toBe(false);
    expect(isSupportedBrowser(undefined)).toBe(false);
  });
});
