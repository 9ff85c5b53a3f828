import PDFDocument from 'pdfkit';
import { findingDescriptionIn, findingGuidanceIn, findingLevelIn } from './report-findings.ts';
import { drawLogo, prepareLogo } from './report-logo.ts';
import { REPORT_PHRASES, type ReportLanguage, type ReportPhrases } from './report-phrases.ts';
import { frenchSpaces, hyphenateLong, pdfText, softHyphensUnseen } from './report-text.ts';
import type { ScanResult, Violation } from './types.ts';

export { summarySentence } from './report-phrases.ts';

export interface ReportPdfOptions {
  companyName: string;
  /** The product name that prefixes the title (site templates may rename it). */
  productName: string;
  /**
   * The logo drawn in the header: PNG, JPEG, GIF or WebP bytes, or an SVG document (drawn as vector).
   * A file of any other kind, or one that does not decode, is left out.
   */
  logo?: Buffer;
  /** Time zone of the Date line; the spec shows dates in Eastern time. */
  timeZone?: string;
  /**
   * The phrase lookup each sentence goes through, by the web app's message key (a site template's
   * renamed products and replaced sentences); the sentence as written when absent.
   */
  phrase?: (key: string, text: string) => string;
  /** The language of the report's own sentences and its date (default English). */
  language?: ReportLanguage;
  /**
   * Each finding's snapshot by its index in the result's violations: a PNG of the page, claim
   * highlighted, drawn in the finding's Snapshot/Link cell above the link. A finding without one, or
   * with one that does not decode, keeps the link alone. One Buffer given for several findings is
   * embedded once.
   */
  snapshots?: ReadonlyArray<Buffer | null | undefined>;
}

/**
 * US Letter portrait with the spec's 60 pt margins. The spec's width+120 pt page size (§9) belongs to the
 * browser export that captures the dialog as an image; this report is laid out as real text instead,
 * so it is searchable and selectable, and a fixed paper size prints cleanly.
 */
const PAGE = { size: 'LETTER' as const, margin: 60 };
const GREEN = '#2e7d32';
const RED = '#c62828';
const GREY = '#555555';
const HEADER_FILL = '#eeeeee';
const CELL_PADDING = 4;
/** A fresh object per table: pdfkit normalises the style object it is given in place. */
const cellStyle = () => ({ padding: CELL_PADDING, border: 0.5, borderColor: '#999999' });

/** Column shares of the issues table: Potential Issues, Snapshot/Link, Evidence. */
const ISSUE_COLUMNS = [0.32, 0.28, 0.4];
/**
 * The shares when a finding has a snapshot: the Snapshot/Link column wide enough for the image at
 * about the size the report dialog shows it (320 px, 240 pt), the claim's words still readable.
 */
const SNAPSHOT_COLUMNS = [0.28, 0.44, 0.28];
/** Space between a snapshot and the link under it. */
const IMAGE_GAP = 4;
/** 1 CSS px of a snapshot in points: a snapshot is never drawn larger than on the screen. */
const PT_PER_PX = 0.75;

/** A snapshot ready to draw: its bytes as pdfkit embeds them and its size in the cell. */
interface CellImage {
  bytes: Buffer;
  width: number;
  height: number;
  link: string;
}

interface TableCell {
  text: string;
  font: { src: string; size: number };
  padding?: [number, number, number, number];
}

/**
 * A row of the issues table and the snapshot drawn at the top of its Snapshot/Link cell (that cell's
 * top padding leaves it room). The image stays out of the cell: pdfkit copies a cell's every field.
 */
interface IssueRow {
  cells: TableCell[];
  image?: CellImage | undefined;
}

const SNAPSHOT_COLUMN = 1;

/**
 * The issues table, with its header row repeated at the top of every page it continues onto. pdfkit's
 * table moves a row that does not fit to a new page by itself but knows no header rows, so the table
 * is drawn one page at a time: each row is measured the way pdfkit measures it (text height in the
 * cell's width plus padding) and, when it would not fit, the page's table ends and the next page
 * starts a new one with the header. Rows are never split across pages.
 */
function issuesTable(
  doc: PDFKit.PDFDocument,
  table: {
    left: number;
    width: number;
    columns: readonly number[];
    header: TableCell[];
    rows: IssueRow[];
  },
): void {
  const widths = table.columns.map((share) => table.width * share);
  const rowHeight = (row: TableCell[]) => {
    let height = 0;
    row.forEach((c, i) => {
      doc.font(c.font.src).fontSize(c.font.size);
      const text = doc.heightOfString(c.text, { width: widths[i]! - CELL_PADDING * 2 });
      const top = c.padding?.[0] ?? CELL_PADDING;
      height = Math.max(height, text + top + CELL_PADDING);
    });
    return height;
  };
  // A little slack so that rounding can never leave pdfkit to break a page on its own, without the header.
  const SLACK = 2;
  const fits = (height: number) => doc.y + height + SLACK < doc.page.maxY();
  const headerHeight = rowHeight(table.header);
  const start = () => {
    doc.x = table.left;
    return doc
      .table({
        position: { x: table.left, y: doc.y },
        maxWidth: table.width,
        columnStyles: widths,
        defaultStyle: cellStyle(),
      })
      .row(table.header);
  };

  if (!fits(headerHeight + rowHeight(table.rows[0]!.cells))) doc.addPage();
  let current = start();
  for (const row of table.rows) {
    const height = rowHeight(row.cells);
    if (!fits(height)) {
      current.end();
      doc.addPage();
      current = start();
    }
    // The row starts where the last one ended: it fits, so pdfkit does not move it to a new page.
    const top = doc.y;
    current.row(row.cells);
    if (row.image) {
      const x = table.left + widths.slice(0, SNAPSHOT_COLUMN).reduce((a, b) => a + b, 0);
      drawCellImage(doc, row.image, x + CELL_PADDING, top + CELL_PADDING);
    }
  }
  current.end();
}

/** pdfkit's own image opener, missing from its types: an opened image is embedded once, however often drawn. */
type OpensImages = { openImage(src: Buffer): object };
/** The images of a report opened so far, by their bytes: two findings of one sentence share an image. */
const openedImages = new WeakMap<PDFKit.PDFDocument, Map<Buffer, object>>();

/** A snapshot in its cell, framed as the report dialog frames it, a link to the page it shows. */
function drawCellImage(doc: PDFKit.PDFDocument, image: CellImage, x: number, y: number): void {
  const opened = openedImages.get(doc) ?? new Map<Buffer, object>();
  openedImages.set(doc, opened);
  let source = opened.get(image.bytes);
  if (!source) {
    source = (doc as unknown as OpensImages).openImage(image.bytes);
    opened.set(image.bytes, source);
  }
  // doc.image takes an opened image as well as bytes.
  doc.image(source as Buffer, x, y, { width: image.width, height: image.height, link: image.link });
  doc.save().lineWidth(0.5).strokeColor('#cccccc').rect(x, y, image.width, image.height).stroke().restore();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A snapshot as pdfkit embeds it: an opaque, non-interlaced PNG (what the scan takes) as it is, pdfkit
 * copying its compressed data, so nothing is encoded again; one with transparency or interlacing
 * flattened on white and encoded once more, since pdfkit would decode that one itself, after the
 * layout, where a broken file could no longer be left out. Null for what is not a PNG, does not decode,
 * or is no picture (under 2 px, as the dialog leaves out).
 */
async function prepareSnapshot(
  bytes: Buffer,
): Promise<{ bytes: Buffer; pixelWidth: number; pixelHeight: number } | null> {
  if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return null;
  // Loaded on first use only, as for the logo: most reports have no snapshot.
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes).metadata();
    const { width, height } = meta;
    if (meta.format !== 'png' || !width || !height || width < 2 || height < 2) return null;
    // Decoded whole once, so that a truncated or damaged file is left out rather than embedded.
    await sharp(bytes).raw().toBuffer();
    if (!meta.hasAlpha && !meta.isProgressive) return { bytes, pixelWidth: width, pixelHeight: height };
    const flat = await sharp(bytes).flatten({ background: '#ffffff' }).png().toBuffer();
    return { bytes: flat, pixelWidth: width, pixelHeight: height };
  } catch {
    return null;
  }
}

/** A snapshot's size in a cell of the given inner width: the whole width at most, and at most 4:3. */
function snapshotSize(pixelWidth: number, pixelHeight: number, cellWidth: number) {
  let width = Math.min(cellWidth, pixelWidth * PT_PER_PX);
  let height = (width * pixelHeight) / pixelWidth;
  const maxHeight = cellWidth * 0.75;
  if (height > maxHeight) {
    width = (width * maxHeight) / height;
    height = maxHeight;
  }
  return { width, height };
}

function formatDate(iso: string, timeZone: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long', timeStyle: 'short' }).format(
    date,
  );
  return timeZone === 'America/New_York' ? `${text} ET` : `${text} (${timeZone})`;
}

/** The link a report gives for a finding: the video from its start time (spec: start to start + 0.01 s). */
export function evidenceLink(v: Violation): string {
  if (v.isInVideo && v.startTime !== null) {
    const base = v.videoUrl ?? v.url;
    const end = Math.round((v.startTime + 0.01) * 1000) / 1000;
    return `${base}#t=${v.startTime},${end}`;
  }
  return v.imageUrl ?? v.url;
}

function formatStart(seconds: number): string {
  const whole = Math.floor(seconds);
  const m = Math.floor(whole / 60);
  const s = String(whole % 60).padStart(2, '0');
  return `${m}:${s}`;
}

function snapshotText(v: Violation, words: ReportPhrases): string {
  if (v.isInVideo && v.startTime !== null)
    return `${words.videoAt(formatStart(v.startTime))}\n${evidenceLink(v)}\n${words.pageOf}${words.colon} ${v.url}`;
  if (v.imageUrl) return `${words.image}${words.colon} ${v.imageUrl}\n${words.pageOf}${words.colon} ${v.url}`;
  return v.url;
}

/**
 * A finding's severity and category: in English as the scanner names them (HIGH - DISEASE CLAIM), in
 * the other languages by the labels the report dialog shows.
 */
function issueLevel(language: ReportLanguage, v: Violation): string {
  if (language === 'en') return `${v.severity} - ${v.category.replace(/_/g, ' ')}`;
  const { level, label } = findingLevelIn(language, v);
  return `${level} - ${label}`;
}

/** A finding's cell: what was found, its level, the rule and the remedy, in the report's language. */
function issueText(language: ReportLanguage, v: Violation): string {
  const text = [
    findingDescriptionIn(language, v.description, v.category),
    issueLevel(language, v),
    ...findingGuidanceIn(language, v),
  ].join('\n');
  return language === 'fr' ? frenchSpaces(text) : text;
}

/** Renders the Website Compliance Report (spec 3 §2) as a vector PDF with selectable text. */
export async function renderReportPdf(result: ScanResult, options: ReportPdfOptions): Promise<Buffer> {
  const phrase = options.phrase ?? ((_key: string, text: string) => text);
  const say = (key: string, text: string) => pdfText(phrase(`webcrawler.report.${key}`, text));
  const words = REPORT_PHRASES[options.language ?? 'en'];
  const title = say('title', words.title(options.productName));
  const logo = options.logo ? await prepareLogo(options.logo) : null;
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: title,
      Author: options.companyName,
      Subject: words.subject(result.url),
      Creator: 'trustleaf-scan',
    },
  });
  softHyphensUnseen(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const width = doc.page.width - PAGE.margin * 2;

  // Header
  let titleX = left;
  if (logo) {
    drawLogo(doc, logo, left, PAGE.margin, 48);
    titleX = left + 60;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('black')
    .text(title, titleX, PAGE.margin, {
      width: width - (titleX - left),
    });
  doc.font('Helvetica').fontSize(11).fillColor(GREY).text(say('subtitle', words.subtitle), titleX);
  doc.moveDown(1.2);

  const section = (name: string) => {
    doc.x = left;
    doc.font('Helvetica-Bold').fontSize(13).fillColor('black').text(name, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.moveDown(0.6);
  };

  section(say('scanInformation', words.scanInformation));
  const info: Array<[string, string]> = [
    [say('company', words.company), options.companyName],
    [say('website', words.website), result.url],
    [
      say('date', words.date),
      formatDate(result.checkTime, options.timeZone ?? 'America/New_York', words.locale),
    ],
    [say('pagesScanned', words.pagesScanned), String(result.pagesScanned)],
  ];
  for (const [index, [label, value]] of info.entries()) {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('black')
      .text(pdfText(`${label}${words.colon}`), left, y, { width: 90 });
    doc.font('Helvetica').text(pdfText(value), left + 95, y, {
      width: width - 95,
      ...(index === 1 ? { link: result.url } : {}),
    });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.8);

  section(say('summary', words.summary));
  const count = result.violationCount;
  const y = doc.y;
  if (count === 0) {
    // A drawn check mark: the standard fonts have no check glyph.
    doc
      .save()
      .lineWidth(2)
      .strokeColor(GREEN)
      .moveTo(left, y + 6)
      .lineTo(left + 4, y + 10)
      .lineTo(left + 11, y + 1)
      .stroke()
      .restore();
  } else {
    doc
      .save()
      .circle(left + 5, y + 6, 5)
      .fill(RED)
      .restore();
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(count === 0 ? GREEN : RED)
    .text(say('summarySentence', words.summarySentence(count)), left + 18, y, {
      width: width - 18,
    });
  doc.fillColor('black');
  doc.moveDown(1);

  section(say('productComparison', words.productComparison));
  const head = (text: string) => ({
    text,
    type: 'TH' as const,
    backgroundColor: HEADER_FILL,
    font: { src: 'Helvetica-Bold', size: 9 },
  });
  const body = (text: string, extra: Record<string, unknown> = {}) => ({
    text: pdfText(text),
    font: { src: 'Helvetica', size: 9 },
    ...extra,
  });
  /** A two-column table of products under its two headings; "no records" when there are none. */
  const productTable = (headings: [string, string], rows: ReturnType<typeof body>[][]) =>
    doc.table({
      position: { x: left },
      maxWidth: width,
      columnStyles: ['*', 70],
      defaultStyle: cellStyle(),
      data: [
        headings.map(head),
        ...(rows.length > 0 ? rows : [[body(say('noRecords', words.noRecords), { colSpan: 2 })]]),
      ],
    });
  const verification = result.productVerification;
  productTable(
    [say('productName', words.productName), say('found', words.found)],
    verification.authorizedProducts.map((p) => [
      body(p.productName),
      body(p.found ? say('yes', words.yes) : say('no', words.no), { textColor: p.found ? GREEN : RED }),
    ]),
  );
  doc.moveDown(0.8);
  doc.x = left;
  productTable(
    [say('unauthorizedProducts', words.unauthorizedProducts), say('action', words.action)],
    verification.unauthorizedProducts.map((p) => [
      body(p.productName),
      body(say('view', words.view), { textColor: '#1565c0', textOptions: { link: p.url, underline: true } }),
    ]),
  );
  doc.moveDown(1.2);

  section(say('potentialIssues', words.potentialIssues));
  const language = options.language ?? 'en';
  // Each distinct image prepared once (the same bytes given for several findings are drawn from one).
  const prepared = new Map<Buffer, ReturnType<typeof prepareSnapshot>>();
  const snapshots = await Promise.all(
    result.violations.map(async (_, i) => {
      const bytes = options.snapshots?.[i];
      if (!bytes) return null;
      if (!prepared.has(bytes)) prepared.set(bytes, prepareSnapshot(bytes));
      return prepared.get(bytes)!;
    }),
  );
  const columns = snapshots.some(Boolean) ? SNAPSHOT_COLUMNS : ISSUE_COLUMNS;
  const imageWidth = width * columns[SNAPSHOT_COLUMN]! - CELL_PADDING * 2;
  const cellWidth = (column: number) => width * columns[column]! - CELL_PADDING * 2;
  const issueRows = result.violations.map((v, i) => {
    const snapshot = snapshots[i];
    const image = snapshot
      ? {
          bytes: snapshot.bytes,
          ...snapshotSize(snapshot.pixelWidth, snapshot.pixelHeight, imageWidth),
          link: evidenceLink(v),
        }
      : undefined;
    doc.font('Helvetica').fontSize(9);
    const cells = [
      body(hyphenateLong(doc, issueText(language, v), cellWidth(0), language)),
      body(snapshotText(v, words), {
        textColor: '#1565c0',
        textOptions: { link: evidenceLink(v) },
        ...(image
          ? { padding: [CELL_PADDING + image.height + IMAGE_GAP, CELL_PADDING, CELL_PADDING, CELL_PADDING] }
          : {}),
      }),
      body(v.evidence),
    ];
    return { cells, image };
  });
  const issueHeader = [
    head(say('potentialIssues', words.potentialIssues)),
    head(say('snapshot', words.snapshot)),
    head(say('evidence', words.evidence)),
  ];
  doc.x = left;
  if (issueRows.length === 0) {
    doc.table({
      position: { x: left },
      maxWidth: width,
      columnStyles: ISSUE_COLUMNS.map((share) => width * share),
      defaultStyle: cellStyle(),
      data: [issueHeader, [body(say('noRecords', words.noRecords), { colSpan: 3 })]],
    });
  } else {
    issuesTable(doc, { left, width, columns, header: issueHeader, rows: issueRows });
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(say('page', words.page(i + 1, range.count)), left, doc.page.height - PAGE.margin / 2, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return finished;
}
