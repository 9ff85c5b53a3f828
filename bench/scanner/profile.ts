// Profiling helper: one scanner crawl of the generated site, for --cpu-prof.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSite } from '../../packages/scanner/src/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const child = spawn(
  process.execPath,
  ['--experimental-strip-types', '--no-warnings', path.join(here, 'site-server.ts'), '400'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const port = await new Promise<number>((resolve) =>
  child.stdout.once('data', (c: Buffer) => resolve(Number(c.toString()))),
);
const opts = { allowHosts: [`127.0.0.1:${port}`], analyzeImages: false, maxPages: 400, concurrency: 8 };
for (let i = 0; i < Number(process.env.ROUNDS ?? 4); i++) {
  const t = performance.now();
  await scanSite(`http://127.0.0.1:${port}`, opts);
  process.stdout.write(`${(performance.now() - t).toFixed(0)} ms\n`);
}
child.kill('SIGTERM');
