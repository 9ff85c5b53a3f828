import { captionSegments, cueStartAt, parseCaptions } from './captions.ts';
import type { Findings } from './findings.ts';
import { decodeBody } from './http.ts';
import type { FetchedResource } from './http.ts';
import type { ClaimMatcher } from './matcher.ts';
import type { ImageTextReader } from './ocr.ts';
import { isOcrImageType } from './ocr.ts';
import { isPdf, pdfPageTexts } from './pdf.ts';
import type { FetchOpts } from './robots-sitemap.ts';
import { collapseWhitespace } from './sentences.ts';

export interface MediaReaderContext {
  findings: Findings;
  matcher: ClaimMatcher;
  /** Fetches from the site in its Crawl-delay slot (`true`: the address is known to be the site's). */
  fetchFromSite: (url: string, opts: FetchOpts, sameSite?: true) => Promise<FetchedResource>;
  fetchOpts: FetchOpts;
  /** The OCR reader, when the scan reads text in images. */
  reader: ImageTextReader | undefined;
  maxImages: number;
  maxImageBytes: number;
  maxPdfBytes: number;
}

/**
 * Reads what a page links to besides pages (text in images, PDFs, caption tracks) and adds its claims
 * to the scan's findings; a file that cannot be read is skipped, never failing its page.
 */
export class MediaReader {
  private readonly context: MediaReaderContext;
  private imagesRead = 0;

  constructor(context: MediaReaderContext) {
    this.context = context;
  }

  async readImage(pageUrl: string, imageUrl: string): Promise<void> {
    const { reader, maxImages, maxImageBytes, fetchFromSite, fetchOpts, findings } = this.context;
    if (!reader || this.imagesRead >= maxImages) return;
    this.imagesRead++;
    try {
      const res = await fetchFromSite(imageUrl, { ...fetchOpts, maxBytes: maxImageBytes });
      if (res.status >= 400 || res.truncated || !isOcrImageType(res.contentType)) return;
      const text = collapseWhitespace(await reader.read(res.body));
      if (text) findings.analyse(pageUrl, text, { imageUrl, where: 'text in image' });
    } catch {
      // An unreadable image must not fail the page; the rest of the page has been read.
    }
  }

  async readPdf(pageUrl: string, pdfUrl: string): Promise<void> {
    const { maxPdfBytes, fetchFromSite, fetchOpts, findings } = this.context;
    try {
      const res = await fetchFromSite(pdfUrl, { ...fetchOpts, maxBytes: maxPdfBytes }, true);
      if (res.status >= 400 || res.truncated || !isPdf(res.body)) return;
      const pages = await pdfPageTexts(
        new Uint8Array(res.body.buffer, res.body.byteOffset, res.body.byteLength),
      );
      const name = decodeURIComponent(new URL(pdfUrl).pathname.split('/').pop() ?? pdfUrl);
      pages.forEach((text, i) => {
        const clean = collapseWhitespace(text);
        if (clean)
          findings.analyse(pageUrl, clean, { pdfUrl, pdfPage: i + 1, where: `PDF ${name}, page ${i + 1}` });
      });
    } catch {
      // A broken or encrypted PDF is skipped; the pages that link it have been read.
    }
  }

  async readCaptions(pageUrl: string, videoUrl: string, trackUrl: string): Promise<void> {
    const { matcher, fetchFromSite, fetchOpts, findings } = this.context;
    try {
      const res = await fetchFromSite(trackUrl, fetchOpts);
      if (res.status >= 400) return;
      // Sentences run across cues: each is read whole and reported at the start of the cue it begins in.
      const reported = new Set<string>();
      for (const segment of captionSegments(parseCaptions(decodeBody(res.body, res.contentType)))) {
        for (const match of matcher.analyze(segment.text).matches) {
          const startTime = cueStartAt(segment, match.at);
          const key = `${match.term}\u0000${startTime}`;
          if (reported.has(key)) continue;
          reported.add(key);
          findings.add(pageUrl, match, { startTime, videoUrl, where: 'video captions' });
        }
      }
    } catch {
      // A missing caption file is the video's problem, not the scan's.
    }
  }
}
