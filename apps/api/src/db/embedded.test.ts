import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, unixSocketDir } from './embedded.ts';

describe('the embedded server that does not start', () => {
  it('says so with its port, its folder and its own last lines, not an empty rejection', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'embedded-broken-'));
    const dataDir = path.join(root, 'pg');
    try {
      // A data folder that claims a cluster and holds none: the server stops at once.
      await mkdir(dataDir, { recursive: true });
      await writeFile(path.join(dataDir, 'PG_VERSION'), '18\n');
      const started = startEmbeddedPostgres({ dataDir, port: 54399, database: 'x', stopReused: false });
      await expect(started).rejects.toThrow(
        /did not start \(port 54399, data in .*pg\)\. Its last lines:\n\S/,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});

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
