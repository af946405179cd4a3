/**
 * The webhook SSRF guard over every IPv6 form that carries an IPv4 address: the literal in the URL, and the
 * addresses a name resolves to (the socket's lookup), each refused when the IPv4 it carries is private.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, isPrivateAddress, postWebhook } from './send';

/** Forms of loopback, private and link-local IPv4 addresses inside IPv6, with what they are. */
const EMBEDDED_PRIVATE: [string, string][] = [
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::10.0.0.1', 'IPv4-compatible private'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated, refused whole)'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local (cloud metadata)'],
  ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
  ['::ffff:0:a00:1', 'IPv4-translated private'],
  ['64:ff9b::127.0.0.1', 'NAT64 loopback'],
  ['64:ff9b::c0a8:101', 'NAT64 private 192.168.1.1'],
  ['64:ff9b:1::1', 'local-use NAT64 (refused whole)'],
  ['64:ff9b:1:ffff::8.8.8.8', 'local-use NAT64 with a public IPv4 (refused whole)'],
  ['2002:7f00:1::', '6to4 loopback'],
  ['2002:7f00:1::1', '6to4 loopback, host part'],
  ['2002:a9fe:a9fe::', '6to4 link-local (cloud metadata)'],
  ['2002:c0a8:101:1::1', '6to4 private 192.168.1.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo (refused whole)'],
];

/** The same forms carrying a public IPv4 address stay allowed. */
const EMBEDDED_PUBLIC: [string, string][] = [
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['::ffff:0:8.8.8.8', 'IPv4-translated public'],
  ['64:ff9b::8.8.8.8', 'NAT64 public'],
  ['64:ff9b::5db8:d822', 'NAT64 public 93.184.216.34'],
  ['2002:808:808::1', '6to4 public'],
  ['2606:4700:4700::1111', 'plain public IPv6'],
];

describe('webhook SSRF guard: IPv6 forms that carry an IPv4 address', () => {
  it.each(EMBEDDED_PRIVATE)('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(EMBEDDED_PUBLIC)('allows %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each(EMBEDDED_PRIVATE)('refuses a name that resolves to %s (%s)', async (address) => {
    const lookup = guardedLookup(false, (_host, _o, cb) =>
      cb(null, [
        { address: '93.184.216.34', family: 4 },
        { address, family: 6 },
      ]),
    );
    const err = await new Promise<Error | null>((resolve) => lookup('hooks.example.com', {}, (e) => resolve(e)));
    expect(err?.message).toBe(`refused: hooks.example.com is a private or local address (${address})`);
  });

  it('a name that resolves to public addresses only is handed the first', async () => {
    const lookup = guardedLookup(false, (_host, _o, cb) => cb(null, [{ address: '64:ff9b::8.8.8.8', family: 6 }]));
    const got = await new Promise<unknown[]>((resolve) => lookup('hooks.example.com', {}, (...a) => resolve(a)));
    expect(got).toEqual([null, '64:ff9b::8.8.8.8', 6]);
  });

  describe('a URL with such a literal is never contacted', () => {
    let server: Server;
    let port = 0;
    let hits = 0;
    beforeAll(async () => {
      server = createServer((_q, res) => {
        hits++;
        res.end('ok');
      });
      await new Promise<void>((r) => server.listen(0, '::', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it.each(['::127.0.0.1', '::ffff:127.0.0.1', '::ffff:0:127.0.0.1', '64:ff9b::127.0.0.1', '2002:7f00:1::'])(
      'http://[%s]/ is refused',
      async (address) => {
        const out = await postWebhook(`http://[${address}]:${port}/hooks`, {}, '{}', {
          timeoutMs: 1500,
          allowPrivate: false,
        });
        expect(out).toMatchObject({
          status: null,
          error: expect.stringMatching(/^refused: .* is a private or local address/),
        });
        expect(hits).toBe(0);
      },
    );
  });
});
