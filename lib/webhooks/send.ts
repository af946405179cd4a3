/**
 * One HTTP POST of a webhook, guarded:
 * - never follows a redirect (a 3xx is an answer like any other non-2xx: the attempt failed);
 * - refuses addresses on loopback, private, link-local, carrier-grade NAT, multicast and reserved networks unless
 *   WEBHOOK_ALLOW_PRIVATE_URLS allows them (SSRF guard). The check runs on the addresses the name resolves to,
 *   at connect time (the socket connects to the address that was checked, so a DNS answer cannot change between
 *   the check and the connection);
 * - gives up after WEBHOOK_TIMEOUT_MS for the whole exchange; keeps at most 1,000 characters of the answer.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export const RESPONSE_EXCERPT_MAX = 1000;

const blocked = new BlockList();
for (const [net, bits] of [
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
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** Is this IP address one webhooks must not reach in production? (IPv4-mapped IPv6 is judged as its IPv4.) */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6') || /^::ffff:/i.test(address);
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

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** POSTs `body` (JSON) to `url` with `headers`. Never throws: a failure is in the outcome. */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, opts: SendOptions): Promise<SendOutcome> {
  const started = Date.now();
  const done = (o: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({ ...o, durationMs: Date.now() - started });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return done({ status: null, excerpt: null, error: 'not a valid URL' });
  }
  const host = hostOf(u);
  if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) return done({ status: null, excerpt: null, error: new PrivateAddressError(host, host).message });

  // Resolve, check every address, connect to the checked one.
  const lookup = (hostname: string, options: object, cb: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return cb(err, '', 0);
      const bad = opts.allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return cb(new PrivateAddressError(hostname, bad.address), '', 0);
      if ((options as { all?: boolean }).all) return cb(null, addresses);
      const first = addresses[0];
      if (!first) return cb(new Error(`${hostname} has no address`), '', 0);
      cb(null, first.address, first.family);
    });
  };

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
        headers: { 'content-type': 'application/json', 'user-agent': 'JMS-Portal-Webhooks/1', ...headers, 'content-length': String(Buffer.byteLength(body)) },
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
          finish({ status, excerpt: text || null, error: ok ? null : status !== null && status >= 300 && status < 400 ? `redirect not followed (${status})` : `HTTP ${status}` });
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
