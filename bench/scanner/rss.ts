// Child process for the memory measurement: one full crawl, then the peak resident set size.
import { scanSite } from '../../packages/scanner/src/index.ts';
import { bareCrawl } from './bare-crawler.ts';

const [mode, origin, host, pagesArg, chromePath] = process.argv.slice(2);
const pages = Number(pagesArg);
let crawled: number;
if (mode === 'scanner' || mode === 'render') {
  // render: pages built by scripts rendered in Chromium, 4 at once (bench/scanner/render.ts).
  const result = await scanSite(origin!, {
    allowHosts: [host!],
    analyzeImages: false,
    maxPages: pages,
    concurrency: 8,
    ...(mode === 'render' ? { chromePath, renderConcurrency: 4 } : { render: false }),
  });
  crawled = result.pagesScanned;
} else {
  crawled = (await bareCrawl(origin!, pages, 8)).pages;
}
process.stdout.write(
  `${JSON.stringify({ pages: crawled, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
