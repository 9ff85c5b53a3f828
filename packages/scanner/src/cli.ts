#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { parseCommandLine, UsageError } from './cli-args.ts';
import { ScanError } from './errors.ts';
import { renderReportPdf, summarySentence } from './report-pdf.ts';
import { REPORT_LANGUAGES, type ReportLanguage } from './report-phrases.ts';
import { scanSite } from './scan-site.ts';
import type { ScanResult, Severity } from './types.ts';
import { verifyMain } from './verify-cli.ts';

const USAGE = `Usage: trustleaf-scan <url> [options]
       trustleaf-scan verify <seal-file-or-url> [options]   (see trustleaf-scan verify --help)

Scans a website for claims the FDA / FTC commonly flag and prints a summary.

Options:
  --json <file>          write the full result as JSON
  --pdf <file>           write the Website Compliance Report as PDF
  --max-pages <n>        most pages to read, nearest the start first (default 500)
  --max-depth <n>        most link hops from the start page (default: no limit)
  --fail-on <severity>   exit 3 when a finding of this severity or higher is found (HIGH, MEDIUM or LOW)
  --words <a,b,...>      additional words to look for, comma separated
  --video                read caption tracks of videos
  --no-images            do not read text inside images (OCR)
  --render               render every page in headless Chromium and read the text scripts build
                         (default: only pages whose HTML carries little text but runs scripts)
  --no-render            never render pages; read them as served
  --chrome-path <file>   Chromium's executable (default: $CHROME_PATH, else /usr/bin/chromium)
  --snapshots <dir>      write a PNG crop of each finding on a rendered page, claim highlighted, to dir
                         (and draw it in the --pdf report)
  --ignore-crawl-delay   do not space requests by robots.txt's Crawl-delay (honoured up to 10 s)
  --products <file>      authorised product names, one a line, for the product comparison
  --allow-host <h:port>  let the scanner reach this host:port even if private (repeatable)
  --company <name>       company name for the PDF report (default: the site's host)
  --product-name <name>  product name that prefixes the report title (default: Trustleaf)
  --lang <code>          language of the PDF report: en, fr, de or nl (default en)
  -h, --help             show this help

Exit codes: 0 the scan ran (and, with --fail-on, found nothing at or above that severity), 1 the scan
could not run, 2 wrong usage or a Node.js older than 22, 3 a finding at or above the --fail-on severity.`;

const SEVERITY_RANK: Record<Severity, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };

function parse(argv: string[]) {
  const { values, positionals } = parseCommandLine(argv, {
    json: { type: 'string' },
    pdf: { type: 'string' },
    'max-pages': { type: 'string' },
    'max-depth': { type: 'string' },
    'fail-on': { type: 'string' },
    words: { type: 'string' },
    video: { type: 'boolean', default: false },
    'no-images': { type: 'boolean', default: false },
    render: { type: 'boolean', default: false },
    'no-render': { type: 'boolean', default: false },
    'chrome-path': { type: 'string' },
    snapshots: { type: 'string' },
    'ignore-crawl-delay': { type: 'boolean', default: false },
    products: { type: 'string' },
    'allow-host': { type: 'string', multiple: true },
    company: { type: 'string' },
    'product-name': { type: 'string' },
    lang: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) return { help: true as const };
  if (positionals.length !== 1) throw new UsageError('Give exactly one URL to scan.');
  let maxPages: number | undefined;
  if (values['max-pages'] !== undefined) {
    maxPages = Number(values['max-pages']);
    if (!Number.isInteger(maxPages) || maxPages < 1)
      throw new UsageError('--max-pages must be a whole number of 1 or more.');
  }
  let maxDepth: number | undefined;
  if (values['max-depth'] !== undefined) {
    maxDepth = Number(values['max-depth']);
    if (!Number.isInteger(maxDepth) || maxDepth < 0)
      throw new UsageError('--max-depth must be a whole number of 0 or more.');
  }
  if (values.render && values['no-render']) throw new UsageError('Give --render or --no-render, not both.');
  if (values.snapshots !== undefined && values['no-render'])
    throw new UsageError('--snapshots needs rendering: drop --no-render.');
  let failOn: Severity | undefined;
  if (values['fail-on'] !== undefined) {
    const severity = values['fail-on'].toUpperCase();
    if (!(severity in SEVERITY_RANK)) throw new UsageError('--fail-on must be HIGH, MEDIUM or LOW.');
    failOn = severity as Severity;
  }
  let authorizedProducts: string[] | undefined;
  if (values.products !== undefined) {
    try {
      authorizedProducts = readFileSync(values.products, 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
    } catch (err) {
      throw new UsageError(`Cannot read the products file: ${(err as Error).message}`);
    }
  }
  const language = values.lang ?? 'en';
  if (!(REPORT_LANGUAGES as readonly string[]).includes(language))
    throw new UsageError('--lang must be en, fr, de or nl.');
  return {
    help: false as const,
    url: positionals[0]!,
    json: values.json,
    pdf: values.pdf,
    maxPages,
    maxDepth,
    failOn,
    words: values.words?.split(',') ?? [],
    video: values.video,
    images: !values['no-images'],
    render: values.render ? true : values['no-render'] ? false : undefined,
    chromePath: values['chrome-path'],
    snapshots: values.snapshots,
    respectCrawlDelay: !values['ignore-crawl-delay'],
    authorizedProducts,
    allowHosts: values['allow-host'] ?? [],
    company: values.company,
    productName: values['product-name'] ?? 'Trustleaf',
    language: language as ReportLanguage,
  };
}

function printSummary(result: ScanResult, out: NodeJS.WritableStream): void {
  const lines: string[] = [];
  lines.push(`Scanned ${result.url}: ${result.pagesScanned} page(s) at ${result.checkTime}`);
  lines.push(summarySentence(result.violationCount));
  for (const v of result.violations) {
    const where =
      v.isInVideo && v.startTime !== null
        ? ` (video at ${v.startTime}s)`
        : v.imageUrl
          ? ` (image ${v.imageUrl})`
          : '';
    lines.push(`  ${v.severity.padEnd(6)} ${v.category.padEnd(15)} ${v.term}  ${v.url}${where}`);
    lines.push(`         "${v.evidence}"`);
    if (v.snapshot) lines.push(`         snapshot ${v.snapshot}`);
  }
  const pv = result.productVerification;
  if (pv.authorizedProducts.length > 0) {
    lines.push('Authorised products:');
    for (const p of pv.authorizedProducts)
      lines.push(`  ${p.found ? 'found    ' : 'NOT found'}  ${p.productName}`);
  }
  if (pv.unauthorizedProducts.length > 0) {
    lines.push('Products on the site that are not authorised:');
    for (const p of pv.unauthorizedProducts) lines.push(`  ${p.productName}  ${p.url}`);
  }
  out.write(`${lines.join('\n')}\n`);
}

/**
 * The PNG of each finding's snapshot for the PDF, by its index: a file several findings name (one per
 * page and sentence) is read once, so that the report embeds it once. One that cannot be read is left
 * out with a warning, and its finding keeps the link alone.
 */
function readSnapshots(result: ScanResult): (Buffer | null)[] {
  const files = new Map<string, Buffer | null>();
  return result.violations.map((v) => {
    if (!v.snapshot) return null;
    if (!files.has(v.snapshot)) {
      try {
        files.set(v.snapshot, readFileSync(v.snapshot));
      } catch (err) {
        process.stderr.write(
          `trustleaf-scan: warning: snapshot ${v.snapshot} left out of the PDF: ${(err as Error).message}\n`,
        );
        files.set(v.snapshot, null);
      }
    }
    return files.get(v.snapshot)!;
  });
}

export async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (err) {
    process.stderr.write(`trustleaf-scan: ${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar(
        { format: 'Scanning [{bar}] {value}/{total} pages', stream: process.stdout, hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  bar?.start(1, 0);
  try {
    const result = await scanSite(args.url, {
      maxPages: args.maxPages,
      maxDepth: args.maxDepth,
      additionalWords: args.words,
      includeVideo: args.video,
      analyzeImages: args.images,
      respectCrawlDelay: args.respectCrawlDelay,
      authorizedProducts: args.authorizedProducts,
      allowHosts: args.allowHosts,
      render: args.render,
      chromePath: args.chromePath,
      snapshotDir: args.snapshots,
      onWarning: (message) => process.stderr.write(`trustleaf-scan: warning: ${message}\n`),
      signal: controller.signal,
      onProgress: ({ done, queued }) => {
        bar?.setTotal(Math.max(queued, 1));
        bar?.update(done);
      },
    });
    bar?.stop();
    printSummary(result, process.stdout);
    if (args.json) {
      writeFileSync(args.json, `${JSON.stringify(result, null, 2)}\n`);
      process.stdout.write(`JSON written to ${args.json}\n`);
    }
    if (args.pdf) {
      const pdf = await renderReportPdf(result, {
        companyName: args.company ?? new URL(result.url).hostname,
        productName: args.productName,
        language: args.language,
        snapshots: readSnapshots(result),
      });
      writeFileSync(args.pdf, pdf);
      process.stdout.write(`PDF written to ${args.pdf}\n`);
    }
    const failOn = args.failOn;
    if (failOn && result.violations.some((v) => SEVERITY_RANK[v.severity] >= SEVERITY_RANK[failOn])) {
      process.stderr.write(`trustleaf-scan: findings at or above ${failOn} severity\n`);
      return 3;
    }
    return 0;
  } catch (err) {
    bar?.stop();
    const message = err instanceof ScanError ? err.message : `Scan failed: ${(err as Error).message}`;
    process.stderr.write(`trustleaf-scan: ${message}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

const argv = process.argv.slice(2);
process.exitCode = argv[0] === 'verify' ? await verifyMain(argv.slice(1)) : await main(argv);
