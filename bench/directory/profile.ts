// Where a directory search's time goes, per shape, on a database kept by `npm run bench:directory`
// (BENCH_KEEP_DATA): one client asking one search after another (wall time, the Node process's CPU
// and the server backend's CPU per search, from /proc: the server must run on this host), then ten
// clients at once (p50/p95, as the bench asks). A primary-key lookup through the driver alone is
// the floor. The server is left running. Usage:
// BENCH_KEEP_DATA=<folder> [PROFILE_SHAPES=brand,…] npm run bench:directory:profile
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DirectoryQuerySchema } from '@trustleaf/domain/schemas/directory';
import { DEFAULT_DB_POOL_SIZE } from '../../apps/api/src/config/env.ts';
import { createDatabase } from '../../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { createDirectoryRepository } from '../../apps/api/src/modules/directory/directory.repository.ts';
import { createDirectoryService } from '../../apps/api/src/modules/directory/directory.service.ts';

const kept = process.env.BENCH_KEEP_DATA;
if (!kept) throw new Error('BENCH_KEEP_DATA names the kept database');
const PORT = Number(process.env.BENCH_PG_PORT ?? 3805);
const PER_SHAPE = Number(process.env.PROFILE_QUERIES ?? 400);
const TICK_MS = 1000 / 100; // USER_HZ

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** A process's user + system CPU so far, in ms (Linux /proc). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

async function main() {
  const server = await startEmbeddedPostgres({
    dataDir: path.resolve(kept!),
    port: PORT,
    database: 'directory',
    stopReused: false,
  });
  const one = createDatabase(server.url, 1);
  const ten = createDatabase(server.url, DEFAULT_DB_POOL_SIZE);
  const serviceOn = (database: typeof one) =>
    createDirectoryService({
      repo: createDirectoryRepository(database.db),
      clock: { now: () => new Date() },
      appUrl: 'https://bench.example',
    });
  const single = serviceOn(one);
  const many = serviceOn(ten);
  try {
    const names = (
      await one.pool.query<{ name: string }>(
        `select c.name from companies c tablesample system (1) repeatable (7)
           join trust_profiles p on p.company_id = c.id and p.published limit ${PER_SHAPE}`,
      )
    ).rows.map((r) => r.name);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const typo = (word: string) => {
      const at = 1 + Math.floor(random() * (word.length - 2));
      return word.slice(0, at) + word.slice(at + 1);
    };
    const shapes: Record<string, string[]> = {
      'primary-key lookup': names.map((_, i) => String(1 + ((i * 7919) % 1_000_000))),
      brand: names.map((n) => n.split(' ')[0]!),
      'misspelt brand': names.map((n) => typo(n.split(' ')[0]!)),
      'brand and word': names.map((n) => n.split(' ').slice(0, 2).join(' ')),
      'common word': names.map((n) => n.split(' ')[1]!),
    };
    const only = process.env.PROFILE_SHAPES ? process.env.PROFILE_SHAPES.split(',') : undefined;
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      '| shape | 1 client p50 | p95 | Node CPU / search | server CPU / search | 10 clients p50 | p95 |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const [shape, qs] of Object.entries(shapes)) {
      if (only && !only.includes(shape)) continue;
      const ask = (service: typeof single, q: string) =>
        shape === 'primary-key lookup'
          ? // A named statement, parsed and planned once per connection, as the directory's are.
            (service === single ? one : ten).pool.query({
              name: 'profile_primary_key',
              text: 'select id, name from companies where id = $1',
              values: [Number(q)],
            })
          : service.search(DirectoryQuerySchema.parse({ q }));
      for (const q of qs) await ask(single, q); // warm: plans, caches
      // Asked per shape: the pool closes a connection left idle (10 s) while ten clients ask.
      const backend = Number(
        (await one.pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
      );
      const walls: number[] = [];
      const node0 = process.cpuUsage();
      const server0 = cpuOf(backend);
      for (const q of qs) {
        const t = performance.now();
        await ask(single, q);
        walls.push(performance.now() - t);
      }
      const node = process.cpuUsage(node0);
      const serverMs = (cpuOf(backend) - server0) / qs.length;
      const nodeMs = (node.user + node.system) / 1000 / qs.length;
      walls.sort((a, b) => a - b);
      for (const q of qs) await ask(many, q);
      const latencies: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < qs.length * 2) {
            const q = qs[next++ % qs.length]!;
            const t = performance.now();
            await ask(many, q);
            latencies.push(performance.now() - t);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      console.log(
        `| ${shape} | ${quantile(walls, 0.5).toFixed(2)} | ${quantile(walls, 0.95).toFixed(2)} | ${nodeMs.toFixed(2)} | ${serverMs.toFixed(2)} | ${quantile(latencies, 0.5).toFixed(2)} | ${quantile(latencies, 0.95).toFixed(2)} |`,
      );
    }
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await one.close();
    await ten.close();
    if (process.env.PROFILE_STOP) await server.stop();
  }
}

await main();
process.exit(0);
