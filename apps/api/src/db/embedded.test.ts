import { describe, expect, it } from 'vitest';
import { unixSocketDir } from './embedded.ts';

describe('the embedded server’s Unix socket folder', () => {
  it('is the data folder when the socket’s path fits a Unix socket address', () => {
    expect(unixSocketDir('/srv/trustleaf/data/pg', 54329)).toBe('/srv/trustleaf/data/pg');
  });

  it('is none when the path would pass 107 bytes, so the server keeps to TCP', () => {
    const deep = `/srv/${'x'.repeat(90)}/pg`;
    expect(unixSocketDir(deep, 54329)).toBeNull();
    // The limit counts bytes, not characters.
    const wide = `/srv/${'é'.repeat(46)}/pg`;
    expect(wide.length + '/.s.PGSQL.54329'.length).toBeLessThanOrEqual(107);
    expect(unixSocketDir(wide, 54329)).toBeNull();
  });
});
