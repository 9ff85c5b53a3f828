import { runInWorker, type WorkerLimits } from './bounded-worker.ts';

export interface PdfTextLimits extends WorkerLimits {
  /** Pages read, from the first; the rest of a longer PDF is left unread. */
  maxPages: number;
}

/**
 * Bounds of reading one PDF's text: a COA or a page's PDF runs a few pages and reads in well under a
 * second, while a crafted one (tens of thousands of pages, a content stream that inflates to
 * gigabytes) would run for minutes.
 */
export const PDF_TEXT_LIMITS: PdfTextLimits = { maxPages: 200, timeoutMs: 20_000, maxHeapMb: 256 };

// What unpdf's extractText does for each page (items with text, a line break after each line's end),
// page by page up to the limit instead of every page at once.
const PDF_TEXT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { getDocumentProxy } = await import(workerData.unpdf);
  const pdf = await getDocumentProxy(workerData.content);
  const texts = [];
  const count = Math.min(pdf.numPages, workerData.maxPages);
  for (let number = 1; number <= count; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    texts.push(
      content.items
        .filter((item) => item.str != null)
        .map((item) => item.str + (item.hasEOL ? '\\n' : ''))
        .join(''),
    );
  }
  // The worker ends with the answer, and its memory with it.
  parentPort.postMessage({ result: texts });
})().catch((error) => parentPort.postMessage({ error: String(error && error.message), name: error && error.name }));
`;

/**
 * Text of a PDF, page by page, with unpdf (PDF.js without a browser), read in a worker thread within
 * the limits (runInWorker): a PDF past them rejects with a WorkerLimitError instead of holding the
 * process. Pages past `maxPages` are not read.
 */
export async function pdfPageTexts(
  content: Uint8Array,
  limits: Partial<PdfTextLimits> = {},
): Promise<string[]> {
  const { maxPages, ...workerLimits } = { ...PDF_TEXT_LIMITS, ...limits };
  return runInWorker<string[]>(
    PDF_TEXT_WORKER,
    { unpdf: import.meta.resolve('unpdf'), content, maxPages },
    workerLimits,
  );
}

/** Whether a body is a PDF by its content (magic bytes), whatever the server called it. */
export function isPdf(body: Uint8Array): boolean {
  return body[0] === 0x25 && body[1] === 0x50 && body[2] === 0x44 && body[3] === 0x46 && body[4] === 0x2d;
}
