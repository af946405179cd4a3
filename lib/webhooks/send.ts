/**
 * One HTTP POST of a webhook, guarded:
 * - never follows a redirect (a 3xx is an answer like any other non-2xx: the attempt failed);
 * - refuses addresses on loopback, private, link-local, carrier-grade NAT, multicast and reserved networks unless
 *   WEBHOOK_ALLOW_PRIVATE_URLS allows them (SSRF guard), and every IPv6 form that carries such an IPv4 address
 *   (docs/security.md). The check runs on the addresses the name resolves to,
 *   at connect time (the socket connects to the address that was checked, so a DNS answer cannot change between
 *   the check and the connection);
 * - gives up after WEBHOOK_TIMEOUT_MS for the whole exchange; keeps at most 1,000 characters of the answer.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export const RESPONSE_EXCERPT_MAX = 1000;

/** The IPv4 networks webhooks must not reach: this network, private, CGNAT, loopback, link-local, reserved, documentation, multicast. */
const PRIVATE_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;

/**
 * IPv6 networks refused whole: unspecified and loopback, IPv4-compatible (::/96, deprecated, no public use),
 * local-use NAT64 (64:ff9b:1::/48), discard-only, Teredo (2001::/32, its IPv4 obfuscated), documentation,
 * unique-local, link-local, site-local and multicast.
 */
const PRIVATE_V6 = [
  ['::', 96],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const;

/**
 * IPv6 forms that carry an IPv4 address: the address is refused when the IPv4 it carries is (a private IPv4
 * network becomes the IPv6 network of the prefix plus it). `at` is the bit where the IPv4 address starts.
 */
const EMBEDDING_V6 = [
  { prefix: [0, 0, 0, 0, 0, 0xffff], at: 96 }, // IPv4-mapped ::ffff:0:0/96
  { prefix: [0, 0, 0, 0, 0xffff, 0], at: 96 }, // IPv4-translated ::ffff:0:0:0/96
  { prefix: [0x64, 0xff9b, 0, 0, 0, 0], at: 96 }, // NAT64 well-known 64:ff9b::/96
  { prefix: [0x2002], at: 16 }, // 6to4 2002::/16
] as const;

function v4Hextets(v4: string): [number, number] {
  const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

const blocked = new BlockList();
for (const [net, bits] of PRIVATE_V4) {
  blocked.addSubnet(net, bits, 'ipv4');
  for (const { prefix, at } of EMBEDDING_V6) {
    const hextets = [...prefix, ...v4Hextets(net)];
    const address = hextets.map((h) => h.toString(16)).join(':') + (hextets.length < 8 ? '::' : '');
    blocked.addSubnet(address, at + bits, 'ipv6');
  }
}
for (const [net, bits] of PRIVATE_V6) blocked.addSubnet(net, bits, 'ipv6');

/**
 * Is this IP address one webhooks must not reach in production? An IPv6 address that carries an IPv4 one
 * (mapped, translated, NAT64, 6to4) is judged by the IPv4 address it carries; anything not an IP address is refused.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`refused: ${host} is a private or local address (${address})`);
    this.name = 'PrivateAddressError';
  }
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

export interface SendOutcome {
  /** The HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolve = (
  hostname: string,
  options: { all: true },
  cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * The socket's lookup: resolves the name, refuses it when any address it resolves to is private (unless allowed),
 * and hands the socket the checked address. `resolve` is node:dns's lookup (a test passes its own answers).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolve = dnsLookup) {
  return (hostname: string, options: object, cb: LookupCallback) => {
    resolve(hostname, { all: true }, (err, addresses) => {
      if (err) return cb(err, '', 0);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return cb(new PrivateAddressError(hostname, bad.address), '', 0);
      if ((options as { all?: boolean }).all) return cb(null, addresses);
      const first = addresses[0];
      if (!first) return cb(new Error(`${hostname} has no address`), '', 0);
      cb(null, first.address, first.family);
    });
  };
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** POSTs `body` (JSON) to `url` with `headers`. Never throws: a failure is in the outcome. */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: SendOptions,
): Promise<SendOutcome> {
  const started = Date.now();
  const done = (o: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({ ...o, durationMs: Date.now() - started });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return done({ status: null, excerpt: null, error: 'not a valid URL' });
  }
  const host = hostOf(u);
  if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host))
    return done({ status: null, excerpt: null, error: new PrivateAddressError(host, host).message });

  const lookup = guardedLookup(opts.allowPrivate);

  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (o: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const mod = u.protocol === 'https:' ? https : http;
    const req = mod.request(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'JMS-Portal-Webhooks/1',
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
        },
        lookup: lookup as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_EXCERPT_MAX * 4) {
            chunks.push(c);
            size += c.length;
          }
        });
        const end = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_EXCERPT_MAX);
          const status = res.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          finish({
            status,
            excerpt: text || null,
            error: ok
              ? null
              : status !== null && status >= 300 && status < 400
                ? `redirect not followed (${status})`
                : `HTTP ${status}`,
          });
          res.destroy();
        };
        res.on('end', end);
        res.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, excerpt: null, error: `timed out after ${opts.timeoutMs} ms` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (e) => finish({ status: null, excerpt: null, error: e.message.slice(0, 500) || e.name }));
    req.end(body);
  });
}
