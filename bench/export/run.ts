// The company export at scale (issue 20): 10,000 companies on the embedded PostgreSQL, exported as
// CSV and as XLSX by a super admin through the real API over HTTP, against the same rows read through
// the JSON company listing page by page in the same run. Each file is read back (csv-parse, exceljs)
// and its rows counted. Writes the Company export section of bench/RESULTS.md.
// Usage: npm run bench:export
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { buildApp } from '../../apps/api/src/app.ts';
import { EnvSchema } from '../../apps/api/src/config/env.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { createInlineQueue } from '../../apps/api/src/lib/jobs.ts';
import { startRuntime } from '../../apps/api/src/runtime.ts';

const root = path.resolve(import.meta.dirname, '../..');
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5140);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 5141);
const PAGE = 100;
const TARGET_SECONDS = 10;
const ADMIN = { email: 'bench-admin@trustleaf.local', password: 'Bench-Admin-Passw0rd!' };

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-export-'));
  const env = EnvSchema.parse({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(PG_PORT),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const runtime = await startRuntime(env, () => {}, { migrate: true, seed: true, ownsDatabase: true });
  const app = await buildApp({
    env,
    database: runtime.database,
    jobs: createInlineQueue(),
    mailTransport: null,
    clock: systemClock,
    tokenSecret: runtime.tokenSecret,
    releaseDate: '2026-11-25',
  });
  try {
    // Companies of every business type, state and status, each with an owner; a third on a plan.
    const started = Date.now();
    const run = (sql: string, values: unknown[] = []) => runtime.database.pool.query(sql, values);
    await run(
      `insert into companies (name, business_type_id, state, city, country, status, created_at)
       select 'Export Co ' || i || case when i % 7 = 0 then ' "Quoted", Ltd' else '' end,
              1 + i % 17, (array['CO','CA','OR','WA','NJ','NY','MI','IL'])[1 + i % 8], 'Springfield', 'US',
              (array['ACTIVE','ACTIVE','ACTIVE','SUSPENDED','CANCELED'])[1 + i % 5],
              now() - i * interval '1 minute'
       from generate_series(1, $1::int) i`,
      [COMPANIES],
    );
    await run(
      `insert into users (email, password_hash, first_name, last_name)
       select 'owner-' || id || '@export.example', 'x', 'Owner', 'Of ' || id from companies where not is_system`,
    );
    await run(
      `insert into company_members (company_id, user_id, role)
       select c.id, u.id, 'Company Owner' from companies c
       join users u on u.email = 'owner-' || c.id || '@export.example'`,
    );
    await run('vacuum analyze');
    const loadSeconds = (Date.now() - started) / 1000;

    await app.listen({ port: API_PORT, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${API_PORT}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { detail: { accessToken: string } }).detail.accessToken;
    const post = (url: string, body: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });

    const first = await post('/api/company/adminCompanyListing', { currentPage: 1, itemsPerPage: 1 });
    const { total } = ((await first.json()) as { detail: { total: number } }).detail;
    if (total < COMPANIES) throw new Error(`the listing has ${total} companies, ${COMPANIES} were loaded`);

    /** Every company through the JSON listing, page by page, as the Companies screen reads them. */
    const listing = async () => {
      let rows = 0;
      for (let page = 1; ; page++) {
        const response = await post('/api/company/adminCompanyListing', {
          currentPage: page,
          itemsPerPage: PAGE,
        });
        if (!response.ok) throw new Error(`listing: ${response.status} ${await response.text()}`);
        const { items } = ((await response.json()) as { detail: { items: unknown[] } }).detail;
        rows += items.length;
        if (items.length < PAGE) return rows;
      }
    };
    const download = async (format: 'csv' | 'xlsx') => {
      const response = await post('/api/company/exportCompanyListing', { format });
      if (!response.ok) throw new Error(`export ${format}: ${response.status} ${await response.text()}`);
      return Buffer.from(await response.arrayBuffer());
    };
    /** Rows of the file as a spreadsheet library reads them, header excluded. */
    const rowsOf = async (format: 'csv' | 'xlsx', file: Buffer) => {
      if (format === 'csv') return parse<Record<string, string>>(file, { bom: true, columns: true }).length;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
      return workbook.worksheets[0]!.actualRowCount - 1;
    };

    const timed = async <T>(work: () => Promise<T>) => {
      const begun = performance.now();
      const value = await work();
      return { ms: performance.now() - begun, value };
    };
    // One warm-up of each, then the rounds interleaved so a busy moment of the machine hits all three.
    await listing();
    const sizes = { csv: 0, xlsx: 0 };
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await download(format);
      sizes[format] = file.byteLength;
      const rows = await rowsOf(format, file);
      if (rows !== total) throw new Error(`${format}: ${rows} rows read back, ${total} expected`);
    }
    const times = { listing: [] as number[], csv: [] as number[], xlsx: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const listed = await timed(listing);
      if (listed.value !== total) throw new Error(`listing: ${listed.value} rows, ${total} expected`);
      times.listing.push(listed.ms);
      for (const format of ['csv', 'xlsx'] as const)
        times[format].push((await timed(() => download(format))).ms);
    }

    const baseline = median(times.listing);
    const row = (label: string, list: number[], target?: number) => {
      const ms = median(list);
      const met =
        target === undefined ? '' : ms / 1000 <= target ? `≤ ${target} s (met)` : `≤ ${target} s (NOT met)`;
      return `| ${label} | ${seconds(ms)} | ${seconds(Math.min(...list))} | ${seconds(Math.max(...list))} | ${(ms / baseline).toFixed(2)}× | ${met} |`;
    };
    const load1 = os.loadavg()[0]!.toFixed(1);
    const section = `## Company export

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${os.cpus().length} cores, load average ${load1} at the end: other work shared the cores), Node ${process.version}, the embedded PostgreSQL 18. Run: \`npm run bench:export\` (\`bench/export/run.ts\`).

**Data.** ${total.toLocaleString('en')} companies generated with \`generate_series\` (loaded in ${loadSeconds.toFixed(1)} s): 17 business types, 8 states, three in five ACTIVE and the rest SUSPENDED or CANCELED, one in seven with quotes and a comma in its name (CSV quoting), each with an owner.

**Method.** The API as the server runs it (\`buildApp\`, HTTP on 127.0.0.1), signed in as a super admin. \`POST /api/company/exportCompanyListing\` with no filter, as CSV and as XLSX, timed from the request to the last byte received; before the timed rounds each file was read back with a spreadsheet library (csv-parse; exceljs) and had ${total.toLocaleString('en')} rows. Baseline, same run: the same rows through the JSON listing (\`adminCompanyListing\`, ${PAGE} a page, ${Math.ceil(total / PAGE)} requests one after another), as the Companies screen reads them. ${ROUNDS} rounds after a warm-up, the three interleaved; medians.

| call | median s | fastest s | slowest s | median / baseline | target |
|---|---|---|---|---|---|
${row('JSON listing, every page (baseline)', times.listing)}
${row(`CSV export (${(sizes.csv / 1024 / 1024).toFixed(1)} MB)`, times.csv, TARGET_SECONDS)}
${row(`XLSX export (${(sizes.xlsx / 1024 / 1024).toFixed(1)} MB)`, times.xlsx, TARGET_SECONDS)}
`;
    const file = path.join(root, 'bench/RESULTS.md');
    const current = await readFile(file, 'utf8');
    const start = current.indexOf('## Company export\n');
    let next;
    if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
    else {
      const end = current.indexOf('\n## ', start + 1);
      next = current.slice(0, start) + section + (end === -1 ? '' : current.slice(end));
    }
    await writeFile(file, next.endsWith('\n') ? next : `${next}\n`);
    console.log(section);
  } finally {
    await app.close();
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
