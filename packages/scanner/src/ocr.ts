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

/**
 * Most pixels an image may have to be read: a letter or A4 page scanned at 600 dpi is under 35 million.
 * Tesseract decodes the whole image in memory, so a 400 KB PNG of 20,000 × 20,000 pixels would take
 * over a gigabyte and most of a minute.
 */
export const MAX_OCR_PIXELS = 40_000_000;

/** The image has more pixels than MAX_OCR_PIXELS; it is not read. */
export class ImageTooLargeError extends Error {
  readonly code = 'IMAGE_TOO_LARGE';
  constructor(width: number, height: number) {
    super(`The image is ${width} × ${height} pixels, more than ${MAX_OCR_PIXELS} in all`);
    this.name = 'ImageTooLargeError';
  }
}

/** Width and height from a BMP's header (sharp reads no BMP); the height is negative when top-down. */
function bmpSize(image: Buffer): { width: number; height: number } | null {
  if (image.length < 26 || image[0] !== 0x42 || image[1] !== 0x4d) return null;
  return { width: Math.abs(image.readInt32LE(18)), height: Math.abs(image.readInt32LE(22)) };
}

/** Refuses an image over MAX_OCR_PIXELS by its header, before anything decodes it. */
async function assertReadableSize(image: Buffer): Promise<void> {
  let size = bmpSize(image);
  if (!size) {
    // Loaded on first use only, as for report logos: sharp carries a native image library.
    const { default: sharp } = await import('sharp');
    // Only the header is read; without the pixel limit sharp reports any size instead of refusing it.
    // An image whose header sharp cannot read is not read either.
    const { width = 0, height = 0 } = await sharp(image, { limitInputPixels: false }).metadata();
    size = { width, height };
  }
  if (size.width * size.height > MAX_OCR_PIXELS) throw new ImageTooLargeError(size.width, size.height);
}

/** One tesseract worker per scan, created on the first image and terminated when the scan ends. */
export class ImageTextReader {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /** The image's text; rejects with ImageTooLargeError for an image over MAX_OCR_PIXELS. */
  async read(image: Buffer): Promise<string> {
    await assertReadableSize(image);
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
