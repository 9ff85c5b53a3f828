// The directory at scale (issue 21): 1,000,000 generated companies on the embedded PostgreSQL, the
// directory's own query (the service and repository the API runs) from 10 concurrent clients, against
// a primary-key lookup through the same pool in the same run. Writes the Directory section of
// bench/RESULTS.md. Usage: npm run bench:directory
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DirectoryQuerySchema } from '@trustleaf/domain/schemas/directory';
import { DEFAULT_DB_POOL_SIZE } from '../../apps/api/src/config/env.ts';
import { createDatabase } from '../../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { companies } from '../../apps/api/src/db/schema.ts';
import { seedReference } from '../../apps/api/src/db/seed.ts';
import { createDirectoryRepository } from '../../apps/api/src/modules/directory/directory.repository.ts';
import { createDirectoryService } from '../../apps/api/src/modules/directory/directory.service.ts';

const root = path.resolve(import.meta.dirname, '../..');
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 1_000_000);
const CLIENTS = 10;
// The pool the API gets when DB_POOL_SIZE is unset (two connections per core and one more).
const POOL = Number(process.env.BENCH_POOL ?? DEFAULT_DB_POOL_SIZE);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 3000);
const PORT = Number(process.env.BENCH_PG_PORT ?? 3805);
const SEARCH_TARGET_MS = 15;
const FILTER_TARGET_MS = 25;

// Deterministic pseudo-random choices, so every run loads the same data and asks the same questions.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

// Brand words made of three syllables (27,000 of them), then a common word and a kind of business:
// "Kalvoro Valley Farms". A brand names ~40 companies, a common word ~1 % of them.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ver',
  'dan',
  'sol',
  'ri',
  'tu',
  'bel',
  'no',
  'ze',
  'qua',
  'pe',
  'sa',
  'gor',
  'li',
  'ma',
  'ten',
  'vo',
  'ru',
  'ho',
  'ja',
  'fi',
  'ke',
  'do',
  'ra',
  'wen',
  'ti',
  'sho',
  'ny',
];
const WORDS = [
  'Green',
  'Valley',
  'River',
  'Mountain',
  'Sun',
  'Leaf',
  'Hill',
  'Canyon',
  'Harbor',
  'Prairie',
  'Cedar',
  'Pine',
  'Oak',
  'Maple',
  'Willow',
  'Meadow',
  'Ridge',
  'Creek',
  'Stone',
  'Summit',
  'Coastal',
  'Golden',
  'Silver',
  'North',
  'South',
  'East',
  'West',
  'Blue',
  'Red',
  'Emerald',
  'Lotus',
  'Sage',
  'Clover',
  'Fern',
  'Aspen',
  'Birch',
  'Delta',
  'Mesa',
  'Bay',
  'Lake',
  'Forest',
  'Field',
  'Garden',
  'Harvest',
  'Root',
  'Seed',
  'Bloom',
  'Grove',
  'Orchard',
  'Spring',
  'Rain',
  'Cloud',
  'Star',
  'Moon',
  'Peak',
  'Trail',
  'Bridge',
  'Mill',
  'Farm',
  'Ranch',
  'Heritage',
  'Pioneer',
  'Frontier',
  'Liberty',
  'Union',
  'Capital',
  'Metro',
  'Urban',
  'Rural',
  'Pacific',
  'Atlantic',
  'Great',
  'Little',
  'Wild',
  'Pure',
  'True',
  'Bright',
  'Clear',
  'Fresh',
  'Noble',
  'Royal',
  'Grand',
  'Prime',
  'Alpine',
  'Desert',
  'Island',
  'Highland',
  'Lowland',
  'Valley',
  'Sunset',
  'Sunrise',
  'Evergreen',
  'Redwood',
  'Juniper',
  'Hemlock',
  'Sequoia',
  'Cypress',
  'Magnolia',
  'Ivy',
  'Thistle',
];
const KINDS = [
  'Farms',
  'Labs',
  'Hemp Co',
  'Cannabis',
  'Dispensary',
  'Wellness',
  'Extracts',
  'Botanicals',
  'Growers',
  'Collective',
  'Supply',
  'Partners',
];
const US_STATES = [
  'CO',
  'CA',
  'OR',
  'WA',
  'NV',
  'AZ',
  'NM',
  'MI',
  'IL',
  'MA',
  'NY',
  'NJ',
  'PA',
  'OH',
  'FL',
  'TX',
  'OK',
  'MO',
  'MT',
  'ME',
  'VT',
  'CT',
  'RI',
  'MD',
  'VA',
  'AK',
  'HI',
  'MN',
  'WI',
  'KY',
];

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fixed = (ms: number) => ms.toFixed(2);

async function load(db: ReturnType<typeof createDatabase>) {
  // One connection throughout: the session settings below hold for it only.
  const client = await db.pool.connect();
  const run = (sql: string, values: unknown[] = []) => client.query(sql, values);
  try {
    return await loadWith(run);
  } finally {
    client.release();
  }
}

async function loadWith(run: (sql: string, values?: unknown[]) => Promise<unknown>) {
  const started = Date.now();
  // The directory's indexes are dropped and rebuilt after the load (as a bulk import would), each
  // from the definition the migrations gave it.
  const indexes = (await run(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in ('companies', 'trust_profiles', 'company_onboarding', 'seal_attestations', 'directory_entries', 'directory_words', 'directory_postings') and indexdef not like '%UNIQUE%'`,
  )) as { rows: { indexname: string; indexdef: string }[] };
  for (const row of indexes.rows) await run(`drop index ${row.indexname}`);
  await run(`set maintenance_work_mem = '256MB'`);
  // A bulk load: no per-row triggers (foreign-key checks, the directory's read model); the read
  // model is built once, set-based, after the load.
  await run(`set session_replication_role = replica`);
  await run(`select setseed(0.42)`);
  const brands: string[] = [];
  for (const a of SYLLABLES)
    for (const b of SYLLABLES)
      for (const c of SYLLABLES) brands.push(a[0]!.toUpperCase() + a.slice(1) + b + c);
  await run(
    `insert into companies (name, business_type_id, state, city, country, created_at)
     select b[1 + floor(random() * array_length(b, 1))::int] || ' ' || w[1 + floor(random() * array_length(w, 1))::int] || ' ' || k[1 + floor(random() * array_length(k, 1))::int],
            1 + floor(random() * 17)::int,
            s[1 + floor(random() * array_length(s, 1))::int],
            'Springfield', 'US',
            now() - (random() * interval '2000 days')
     from generate_series(1, $1::int) i, (select $2::text[] b, $3::text[] w, $4::text[] k, $5::text[] s) v`,
    [COMPANIES, brands, WORDS, KINDS, US_STATES],
  );
  // Nine in ten chose to be listed; segments as onboarding records them; three in ten hold a live seal.
  await run(
    `insert into trust_profiles (company_id, slug, published, published_at)
     select id, 'company-' || id, random() < 0.9, now() from companies`,
  );
  await run(
    `insert into company_onboarding (company_id, segment_ids)
     select id, case when random() < 0.5 then array[1] when random() < 0.6 then array[2] else array[1, 2] end from companies`,
  );
  await run(
    `insert into seal_attestations (id, company_id, key_id, token, claims_hash, issued_at, expires_at, revoked_at)
     select gen_random_uuid(), id, 'k', 'x', 'h', now() - interval '1 day', now() + interval '10 days',
            case when random() < 0.1 then now() end
     from companies where random() < 0.33`,
  );
  await run(`select directory_entries_rebuild()`);
  await run(`select directory_words_rebuild()`);
  await run(`select directory_postings_rebuild()`);
  await run(`set session_replication_role = origin`);
  const loaded = Date.now();
  for (const row of indexes.rows) await run(row.indexdef);
  await run('vacuum analyze');
  return { loadSeconds: (loaded - started) / 1000, indexSeconds: (Date.now() - loaded) / 1000 };
}

/** `total` calls of `ask` from CLIENTS loops at once; each call's latency in ms. */
async function measure(total: number, ask: (i: number) => Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        await ask(i);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

async function main() {
  // BENCH_KEEP_DATA=<folder> keeps the loaded database there and reuses it on the next run.
  const kept = process.env.BENCH_KEEP_DATA;
  const dataDir = kept ? path.resolve(kept) : await mkdtemp(path.join(os.tmpdir(), 'bench-directory-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: PORT,
    database: 'directory',
    stopReused: true,
  });
  const database = createDatabase(server.url, POOL);
  try {
    await runMigrations(database, path.join(root, 'apps/api/src/db/migrations'));
    await seedReference(database.db);
    const count = Number(
      (await database.pool.query<{ n: string }>('select count(*) as n from companies')).rows[0]!.n,
    );
    let timings = 'a database loaded by an earlier run and kept with `BENCH_KEEP_DATA`';
    if (count !== COMPANIES) {
      await database.pool.query(
        'truncate companies, trust_profiles, company_onboarding, seal_attestations cascade',
      );
      const { loadSeconds, indexSeconds } = await load(database);
      console.log(`loaded ${COMPANIES} companies in ${loadSeconds} s, indexes in ${indexSeconds} s`);
      timings = `loaded in ${loadSeconds.toFixed(0)} s, the non-unique indexes rebuilt from the migrations' definitions in ${indexSeconds.toFixed(0)} s`;
    } else {
      await database.pool.query('vacuum analyze');
    }
    const service = createDirectoryService({
      repo: createDirectoryRepository(database.db),
      clock: { now: () => new Date() },
      appUrl: 'https://bench.example',
    });
    const names = (
      await database.pool.query<{ name: string }>(
        'select name from companies tablesample system (1) limit 2000',
      )
    ).rows.map((r) => r.name);
    const ask = (query: Record<string, unknown>) => service.search(DirectoryQuerySchema.parse(query));
    const typo = (word: string) => {
      const at = 1 + Math.floor(random() * (word.length - 2));
      return word.slice(0, at) + word.slice(at + 1);
    };
    // Search shapes, equally often: a brand, a misspelt brand, brand and word, a common word alone.
    const searches = Array.from({ length: QUERIES }, (_, i) => {
      const [brand, word] = pick(names).split(' ') as [string, string];
      const q = [brand, typo(brand), `${brand} ${word}`, word][i % 4]!;
      return { q };
    });
    const filters = Array.from({ length: QUERIES }, (_, i) => {
      const sort = i % 2 ? 'name' : 'newest';
      const page = 1 + Math.floor(random() * 5);
      const shapes = [
        { plBusinessTypeId: 1 + Math.floor(random() * 17) },
        { state: pick(US_STATES) },
        { plBusinessTypeId: 1 + Math.floor(random() * 17), state: pick(US_STATES) },
        { plSegmentId: 2, seal: 'true' },
        { seal: 'true', state: pick(US_STATES) },
      ];
      return { ...shapes[i % shapes.length], sort, page };
    });
    const ids = Array.from({ length: QUERIES }, () => 1 + Math.floor(random() * COMPANIES));
    const byId = (id: number) =>
      database.db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.id, id));

    // Warm-up: every shape once through, so caches and plans are as a running server has them.
    await measure(QUERIES / 3, (i) => ask(searches[i]!));
    await measure(QUERIES / 3, (i) => ask(filters[i]!));
    await measure(QUERIES / 3, (i) => byId(ids[i]!));

    const baseline = await measure(QUERIES, (i) => byId(ids[i]!));
    const search = await measure(QUERIES, (i) => ask(searches[i]!));
    const filter = await measure(QUERIES, (i) => ask(filters[i]!));
    const shapeP95 = async (list: Record<string, unknown>[]) =>
      quantile(await measure(list.length, (i) => ask(list[i]!)), 0.95);
    const searchShapes = ['brand', 'misspelt brand', 'brand and word', 'common word alone'];
    const perSearch: string[] = [];
    for (let s = 0; s < 4; s++)
      perSearch.push(
        `${searchShapes[s]} ${fixed(await shapeP95(searches.filter((_, i) => i % 4 === s)))} ms`,
      );
    const filterShapes = [
      'business type',
      'state',
      'business type and state',
      'segment and seal',
      'seal and state',
    ];
    const perFilter: string[] = [];
    for (let s = 0; s < 5; s++)
      perFilter.push(`${filterShapes[s]} ${fixed(await shapeP95(filters.filter((_, i) => i % 5 === s)))} ms`);

    const row = (label: string, list: number[], target?: number) => {
      const p95 = quantile(list, 0.95);
      const met =
        target === undefined ? '' : p95 <= target ? `≤ ${target} ms (met)` : `≤ ${target} ms (NOT met)`;
      return `| ${label} | ${fixed(quantile(list, 0.5))} | ${fixed(p95)} | ${fixed(quantile(list, 0.99))} | ${(p95 / quantile(baseline, 0.95)).toFixed(1)}× | ${met} |`;
    };
    const load1 = os.loadavg()[0]!.toFixed(1);
    const section = `## Directory

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${os.cpus().length} cores, load average ${load1} at the end: other work shared the cores), Node ${process.version}, the embedded PostgreSQL 18. Run: \`npm run bench:directory\` (\`bench/directory/run.ts\`).

**Data.** ${COMPANIES.toLocaleString('en')} companies generated with \`generate_series\` (${timings}): names "brand word kind" (27,000 three-syllable brands, so a brand names about 40 companies; 98 common words, so one names about 1 % of them; 12 kinds), 17 business types, 30 states, created over 2,000 days; 90 % listed (a published trust profile), segments as onboarding records them, a third with a seal row (a tenth of those revoked). Loaded without triggers, then the directory's read model (\`directory_entries\`, with the columns a page shows, \`directory_cards\`) and the dictionary of its names' words (\`directory_words\`) and the word lists (\`directory_postings\`) built set-based (\`directory_entries_rebuild()\`, \`directory_words_rebuild()\` and \`directory_postings_rebuild()\`, as migrations 0019, 0021 and 0031 do).

**Method.** The directory service and repository the API runs (\`/api/directory/companies\` without HTTP), ${CLIENTS} clients at once on a pool of ${POOL} connections (the API's default on this machine: \`DB_POOL_SIZE\` unset), ${QUERIES} queries per row after a warm-up of a third as many of each. Baseline: a primary-key lookup of one company through the same pool, same concurrency, same run. Searches, equally often: a brand, the brand with a letter dropped (close spelling: the dictionary of listed words, then the first names of the lists of the words it reads like), brand and common word, and a common word alone (~10,000 matches), by relevance, one statement each (\`directory_search\`, migration 0031). Filters and sorts: business type, state, both, segment with seal, seal with state; by name or newest, pages 1 to 5, each page checking one row more for \`hasMore\`. The embedded server runs with the app's settings (\`apps/api/src/db/embedded.ts\`: shared_buffers 256 MB, random_page_cost 1.1, JIT off). The query plans are in the next section.

| query | p50 ms | p95 ms | p99 ms | p95 / baseline p95 | target |
|---|---|---|---|---|---|
${row('primary-key lookup (baseline)', baseline)}
${row('search by name (word lists)', search, SEARCH_TARGET_MS)}
${row('filter + sort', filter, FILTER_TARGET_MS)}

- Search p95 by shape: ${perSearch.join('; ')}.
- Filter + sort p95 by shape: ${perFilter.join('; ')}.
`;
    const file = path.join(root, 'bench/RESULTS.md');
    const current = await readFile(file, 'utf8');
    const start = current.indexOf('## Directory\n');
    let next;
    if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
    else {
      const end = current.indexOf('\n## ', start + 1);
      next = current.slice(0, start) + section + (end === -1 ? '' : current.slice(end));
    }
    await writeFile(file, next.endsWith('\n') ? next : `${next}\n`);
    console.log(section);
  } finally {
    await database.close();
    await server.stop();
    if (!kept) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
