import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(readEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('takes true, or addresses, CIDR ranges and proxy-addr names', () => {
    expect(readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(readEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8' }).TRUST_PROXY).toBe(
      'loopback, 10.0.0.0/8, fd00::/8',
    );
  });

  it('refuses anything else with a message naming the entry', () => {
    expect(() => readEnv({ TRUST_PROXY: 'loopback, proxy.example.com' })).toThrow(
      /TRUST_PROXY: "proxy\.example\.com" is not an address/,
    );
    expect(() => readEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10\.0\.0\.0\/33"/);
    expect(() => readEnv({ TRUST_PROXY: '2' })).toThrow(/"2" is not an address/);
  });
});
