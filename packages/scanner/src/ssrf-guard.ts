import dns from 'node:dns';
import net from 'node:net';
import type { LookupAddress, LookupAllOptions } from 'node:dns';
import type tls from 'node:tls';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/**
 * The scanner fetches URLs that users type, so every connection it opens is vetted here: the resolved
 * address is checked before the socket is opened (custom lookup, and IP literals directly) and the
 * address the socket actually connected to is checked again. Redirects open new connections through
 * the same dispatcher, so they are covered too. DESIGN.md "Security rules that never bend".
 */

export class SsrfBlockedError extends Error {
  readonly code = 'SSRF_BLOCKED';
  readonly host: string;
  readonly address: string;
  readonly range: string;
  constructor(host: string, address: string, range: string) {
    super(
      `Refusing to connect to ${host}${host === address ? '' : ` (${address})`}: ${range} addresses are not scanned`,
    );
    this.name = 'SsrfBlockedError';
    this.host = host;
    this.address = address;
    this.range = range;
  }
}

/**
 * Returns the ipaddr.js range name of an address the scanner must not reach, or null for a public
 * unicast address. Deny by default: every special-purpose range (private, loopback, link-local, CGNAT,
 * multicast, unspecified, reserved, unique-local, 6to4/Teredo tunnels…) is refused, not only a list.
 */
export function forbiddenRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  // process() turns ::ffff:127.0.0.1 into 127.0.0.1 so mapped addresses get the IPv4 verdict.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

export interface GuardOptions {
  /** 'host:port' pairs that may be reached whatever they resolve to (tests, the demo site). */
  allowHosts?: readonly string[];
  /** DNS lookup to use instead of the system resolver (tests simulate hostile DNS with it). */
  lookup?: typeof dns.lookup;
  /** Accept invalid TLS certificates (used only after checkUrl reported SSL_CERTIFICATE_ISSUE). */
  rejectUnauthorized?: boolean;
  connectTimeoutMs?: number;
}

function normaliseHost(host: string): string {
  const lower = host.toLowerCase();
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

export function parseAllowHosts(entries: readonly string[] = []): Set<string> {
  const out = new Set<string>();
  for (const entry of entries) {
    const idx = entry.lastIndexOf(':');
    if (idx <= 0) throw new Error(`allowHosts entry "${entry}" must be host:port`);
    const port = Number(entry.slice(idx + 1));
    if (!Number.isInteger(port) || port <= 0 || port > 65535) {
      throw new Error(`allowHosts entry "${entry}" has an invalid port`);
    }
    out.add(`${normaliseHost(entry.slice(0, idx))}:${port}`);
  }
  return out;
}

export function isHostAllowed(allow: ReadonlySet<string>, hostname: string, port: number): boolean {
  return allow.has(`${normaliseHost(hostname)}:${port}`);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedLookup(base: typeof dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    const allOptions: LookupAllOptions = { ...options, all: true };
    base(hostname, allOptions, (err, addresses) => {
      if (err) return callback(err, []);
      // Refuse when any answer is forbidden: the socket may pick any of them (happy eyeballs).
      for (const entry of addresses) {
        const range = forbiddenRange(entry.address);
        if (range) return callback(new SsrfBlockedError(hostname, entry.address, range), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * An undici dispatcher that refuses forbidden addresses. Use it for every request the scanner makes
 * (undici.request with { dispatcher }); Node's global fetch does not go through it.
 */
export function createGuardedAgent(options: GuardOptions = {}): Agent {
  const allow = parseAllowHosts(options.allowHosts);
  const baseLookup = options.lookup ?? dns.lookup;
  const tlsOptions: tls.ConnectionOptions = { rejectUnauthorized: options.rejectUnauthorized ?? true };
  const timeout = options.connectTimeoutMs ?? 10_000;
  const guardedConnect = buildConnector({
    ...tlsOptions,
    timeout,
    lookup: guardedLookup(baseLookup),
  });
  const allowedConnect = buildConnector({
    ...tlsOptions,
    timeout,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });

  const connector: buildConnector.connector = (opts, callback) => {
    const hostname = normaliseHost(opts.hostname);
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    const allowed = isHostAllowed(allow, hostname, port);

    if (!allowed && net.isIP(hostname)) {
      const range = forbiddenRange(hostname);
      if (range) {
        callback(new SsrfBlockedError(hostname, hostname, range), null);
        return;
      }
    }
    const connect = allowed ? allowedConnect : guardedConnect;
    connect(opts, (err, socket) => {
      if (err || !socket) {
        callback(err ?? new Error('connection failed'), null);
        return;
      }
      if (!allowed) {
        // Second check at the socket level: the address actually connected to, whatever resolved it.
        const remote = socket.remoteAddress;
        const range = remote ? forbiddenRange(remote) : 'unknown';
        if (range) {
          socket.destroy();
          callback(new SsrfBlockedError(hostname, remote ?? 'unknown', range), null);
          return;
        }
      }
      callback(null, socket);
    });
  };

  return new Agent({ connect: connector, keepAliveTimeout: 4_000 });
}

/** Finds an SsrfBlockedError wrapped anywhere in an error's cause chain. */
export function findSsrfError(err: unknown): SsrfBlockedError | null {
  let current: unknown = err;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current instanceof SsrfBlockedError) return current;
    if (typeof current === 'object' && 'code' in current && current.code === 'SSRF_BLOCKED') {
      return current as SsrfBlockedError;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : null;
  }
  return null;
}
