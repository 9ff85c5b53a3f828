import type dns from 'node:dns';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkUrl, createGuardedAgent, forbiddenRange, scanSite, SsrfBlockedError } from '../src/index.ts';
import { fetchResource } from '../src/http.ts';
import { serveSite } from './fixture-server.ts';
import type { FixtureServer } from './fixture-server.ts';

const BLOCKED: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.8.9.10', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.10.20', 'linkLocal'],
  ['169.254.169.254', 'linkLocal'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.254', 'carrierGradeNat'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456:789a::1', 'uniqueLocal'],
  ['fe80::1', 'linkLocal'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'linkLocal'],
];

describe('forbiddenRange', () => {
  it.each(BLOCKED)('refuses %s (%s)', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '2606:4700:4700::1111',
  ])('lets public %s through', (address) => {
    expect(forbiddenRange(address)).toBeNull();
  });
});

function fakeLookup(table: Record<string, string>): typeof dns.lookup {
  const lookup = (hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const address = table[hostname];
    if (!address) {
      callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      return;
    }
    const family = address.includes(':') ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return lookup as unknown as typeof dns.lookup;
}

async function get(url: string, guard: Parameters<typeof createGuardedAgent>[0] = {}) {
  const agent = createGuardedAgent(guard);
  try {
    return await fetchResource(url, { dispatcher: agent, timeoutMs: 5_000, maxBytes: 10_000 });
  } finally {
    await agent.close();
  }
}

async function refusal(promise: Promise<unknown>): Promise<SsrfBlockedError> {
  try {
    await promise;
  } catch (err) {
    let current: unknown = err;
    while (current && !(current instanceof SsrfBlockedError)) {
      current = (current as { cause?: unknown }).cause;
    }
    if (current instanceof SsrfBlockedError) return current;
    throw err;
  }
  throw new Error('request was not refused');
}

describe('guarded agent', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await serveSite({
      '/': { body: '<p>hello</p>' },
      '/to-private': { status: 302, headers: { location: 'http://10.0.0.1/admin' } },
      '/to-metadata': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
      '/to-localhost': (origin) => ({
        status: 302,
        headers: { location: origin.replace('127.0.0.1', 'localhost') },
      }),
      '/to-ipv6-loopback': (origin) => ({
        status: 307,
        headers: { location: origin.replace('127.0.0.1', '[::1]') },
      }),
    });
  });
  afterAll(() => site.close());

  it.each(BLOCKED.map(([address]) => address))(
    'refuses a URL naming %s before connecting',
    async (address) => {
      const host = address.includes(':') ? `[${address}]` : address;
      const err = await refusal(get(`http://${host}:8080/`));
      expect(err.message).toMatch(/^Refusing to connect to/);
      expect(err.code).toBe('SSRF_BLOCKED');
    },
  );

  it('refuses the loopback fixture unless its host:port is allowed', async () => {
    await refusal(get(`${site.origin}/`));
    const res = await get(`${site.origin}/`, { allowHosts: [site.host] });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('hello');
  });

  it('refuses a hostname that resolves to loopback (localhost)', async () => {
    const err = await refusal(get(`http://localhost:${site.port}/`));
    expect(['127.0.0.1', '::1']).toContain(err.address);
  });

  it('refuses a hostname that a custom DNS lookup points at loopback or a private address', async () => {
    const lookup = fakeLookup({
      'evil.test': '127.0.0.1',
      'intranet.test': '10.1.2.3',
      'v6.test': '::ffff:192.168.0.1',
    });
    expect((await refusal(get(`http://evil.test:${site.port}/`, { lookup }))).address).toBe('127.0.0.1');
    expect((await refusal(get('http://intranet.test/', { lookup }))).range).toBe('private');
    expect((await refusal(get('http://v6.test/', { lookup }))).range).toBe('private');
  });

  it('refuses at the socket level when the connection lands on loopback after a public answer was checked', async () => {
    // The resolver answers a public address, so the check before connecting passes; the connection
    // then lands on 127.0.0.1 anyway (DNS rebinding between check and use, or a network path that
    // redirects it). undici opens the socket with net.connect; the spy hands the guard's answer over
    // to the socket as 127.0.0.1, so only the check of the connected address can refuse.
    const lookup = fakeLookup({ 'public.test': '93.184.216.34' });
    const checked: string[] = [];
    const original = net.connect.bind(net);
    const spy = vi.spyOn(net, 'connect').mockImplementation(((options: net.TcpNetConnectOpts) => {
      const guarded = options.lookup!;
      const rebound: net.LookupFunction = (hostname, lookupOptions, callback) => {
        guarded(hostname, lookupOptions, (err, address, family) => {
          if (err) return callback(err, address, family);
          checked.push(...(Array.isArray(address) ? address.map((a) => a.address) : [address]));
          if (lookupOptions.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
          else callback(null, '127.0.0.1', 4);
        });
      };
      return original({ ...options, lookup: rebound });
    }) as typeof net.connect);
    const before = site.requests.length;
    try {
      const err = await refusal(get(`http://public.test:${site.port}/`, { lookup }));
      expect(spy).toHaveBeenCalled();
      // The pre-connection check saw (and passed) the public answer…
      expect(checked).toEqual(['93.184.216.34']);
      // …and the refusal names the address the socket really reached, before any request was sent.
      expect(err).toMatchObject({ host: 'public.test', address: '127.0.0.1', range: 'loopback' });
      expect(site.requests.length).toBe(before);
    } finally {
      spy.mockRestore();
    }
  });

  it('allows a hostname listed in allowHosts whatever it resolves to', async () => {
    const lookup = fakeLookup({ 'demo.test': '127.0.0.1' });
    const res = await get(`http://demo.test:${site.port}/`, {
      lookup,
      allowHosts: [`demo.test:${site.port}`],
    });
    expect(res.status).toBe(200);
  });

  it.each(['/to-private', '/to-metadata', '/to-localhost', '/to-ipv6-loopback'])(
    'refuses a redirect from an allowed host to a forbidden address (%s)',
    async (path) => {
      await refusal(get(`${site.origin}${path}`, { allowHosts: [site.host] }));
    },
  );

  it('makes scanSite fail with a clear error for a forbidden start URL', async () => {
    await expect(scanSite(`${site.origin}/`)).rejects.toMatchObject({
      code: 'SSRF_BLOCKED',
      message: expect.stringContaining(
        'Refusing to connect to 127.0.0.1: loopback addresses are not scanned',
      ) as unknown,
    });
  });

  it('makes checkUrl report "Url not connected" for a forbidden address', async () => {
    const result = await checkUrl('http://169.254.169.254/latest/meta-data/');
    expect(result).toMatchObject({ status: 'FAILED', message: 'Url not connected' });
    expect(result.reason).toMatch(/linkLocal/);
  });
});
