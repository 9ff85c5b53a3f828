import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DB_POOL_SIZE, readEnv } from './env.ts';

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

describe('DB_POOL_SIZE', () => {
  it('is two connections per core of this machine and one more unless told', () => {
    expect(DEFAULT_DB_POOL_SIZE).toBe(2 * availableParallelism() + 1);
    expect(readEnv({}).DB_POOL_SIZE).toBe(DEFAULT_DB_POOL_SIZE);
    expect(readEnv({ DB_POOL_SIZE: '12' }).DB_POOL_SIZE).toBe(12);
  });

  it('refuses a size that is not a whole number from 1 to 200', () => {
    for (const size of ['0', '201', '2.5', 'many']) {
      expect(() => readEnv({ DB_POOL_SIZE: size })).toThrow(/DB_POOL_SIZE/);
    }
  });
});

describe('WEB_DIST', () => {
  it('takes a relative folder from the folder the server is started in', () => {
    expect(readEnv({ WEB_DIST: 'apps/web/dist' }).WEB_DIST).toBe(path.join(process.cwd(), 'apps/web/dist'));
    expect(readEnv({ WEB_DIST: '/srv/web' }).WEB_DIST).toBe('/srv/web');
    expect(readEnv({}).WEB_DIST).toBeUndefined();
  });
});
