// Quick comparison while profiling: the same crawls as run.ts, without the RSS part or RESULTS.md.
// Run: npx node --experimental-strip-types bench/scanner/quick.ts [rounds] [mesh|chain]
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSite } from '../../packages/scanner/src/index.ts';
import { bareCrawl } from './bare-crawler.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const rounds = Number(process.argv[2] ?? 21);
const mode = process.argv[3] ?? 'mesh';
const child = spawn(
  process.execPath,
  ['--experimental-strip-types', '--no-warnings', path.join(here, 'site-server.ts'), '400', mode],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise<number>((resolve) =>
  child.stdout.once('data', (c: Buffer) => resolve(Number(c.toString()))),
);
const origin = `http://127.0.0.1:${port}`;
const scanner = () =>
  scanSite(origin, {
    allowHosts: [`127.0.0.1:${port}`],
    analyzeImages: false,
    maxPages: 400,
    concurrency: 8,
  });
const bare = () => bareCrawl(origin, 400, 8);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const runs = {
  scanner: { wall: [] as number[], cpu: [] as number[] },
  bare: { wall: [] as number[], cpu: [] as number[] },
};
for (let i = 0; i < rounds + 3; i++) {
  for (const which of i % 2 === 0 ? (['scanner', 'bare'] as const) : (['bare', 'scanner'] as const)) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    await (which === 'scanner' ? scanner() : bare());
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    if (i < 3) continue;
    runs[which].wall.push(wall);
    runs[which].cpu.push((used.user + used.system) / 1000);
  }
}
child.kill('SIGTERM');
const s = runs.scanner;
const b = runs.bare;
process.stdout.write(
  `wall scanner ${median(s.wall).toFixed(0)} bare ${median(b.wall).toFixed(0)} ratio ${(median(s.wall) / median(b.wall)).toFixed(2)} | ` +
    `cpu scanner ${median(s.cpu).toFixed(0)} bare ${median(b.cpu).toFixed(0)} ratio ${(median(s.cpu) / median(b.cpu)).toFixed(2)}\n`,
);
