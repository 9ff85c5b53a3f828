import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker } from 'tesseract.js';
import type { Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/**
 * Language data comes from the @tesseract.js-data/eng npm package: without an explicit langPath
 * tesseract.js downloads it at run time, which the scanner must never need.
 */
export function englishLangPath(): string {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');
}

/** One tesseract worker per scan, created on the first image and terminated when the scan ends. */
export class ImageTextReader {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  async read(image: Buffer): Promise<string> {
    this.worker ??= createWorker('eng', 1, { langPath: englishLangPath(), gzip: true, cacheMethod: 'none' });
    const worker = await this.worker;
    // A worker handles one image at a time; chaining keeps crawl concurrency from piling jobs on it.
    const job = this.queue.then(() => worker.recognize(image));
    this.queue = job.catch(() => undefined);
    const result = await job;
    return result.data.text;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }
}

const OCR_TYPES = /^image\/(png|jpe?g|webp|bmp|gif|tiff)/;
export function isOcrImageType(contentType: string): boolean {
  return OCR_TYPES.test(contentType);
}
