import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderReportPdf } from '../src/index.ts';
import type { ScanResult, Violation } from '../src/index.ts';
import { summarySentence } from '../src/report-pdf.ts';

function violation(overrides: Partial<Violation>): Violation {
  return {
    description: 'Disease claim: "cures" with "cancer"',
    url: 'https://greenleaf.example/about',
    imageUrl: null,
    isInVideo: false,
    startTime: null,
    evidence: 'Our full spectrum CBD oil cures cancer.',
    category: 'DISEASE_CLAIM',
    term: 'cure cancer',
    severity: 'HIGH',
    ruleRef: '21 U.S.C. 321(g)(1)(B)',
    hint: 'Remove the disease claim.',
    ...overrides,
  };
}

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The PDF's text as its lines and spaces are: no-break spaces and line ends kept. */
async function rawText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

const result: ScanResult = {
  url: 'https://greenleaf.example/',
  checkTime: '2026-03-04T15:30:00.000Z',
  violationCount: 3,
  pagesScanned: 12,
  violations: [
    violation({}),
    violation({
      description: 'Disease claim: "heals" with "arthritis" (image alt text)',
      imageUrl: 'https://greenleaf.example/img/balm.png',
      evidence: 'Our balm heals arthritis in days',
      term: 'heal arthritis',
    }),
    violation({
      description: 'Disease claim: "treats" with "anxiety" (video captions)',
      url: 'https://greenleaf.example/video',
      isInVideo: true,
      startTime: 12.5,
      videoUrl: 'https://greenleaf.example/media/promo.mp4',
      evidence: 'This oil treats anxiety.',
      term: 'treat anxiety',
      severity: 'MEDIUM',
    }),
  ],
  productVerification: {
    authorizedProducts: [
      { productName: 'Calm Drops', found: true },
      { productName: 'Night Balm', found: false },
    ],
    unauthorizedProducts: [
      { productName: 'Sleep Gummies', url: 'https://greenleaf.example/products/sleep-gummies' },
    ],
  },
};

describe('renderReportPdf', () => {
  it('writes the header, scan information, summary, products and every finding as text', async () => {
    const pdf = await renderReportPdf(result, {
      companyName: 'Green Leaf Farms LLC',
      productName: 'Trustleaf',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Trustleaf Website Compliance Report');
    expect(text).toContain('Independent webcrawler scan');
    expect(text).toContain('Company: Green Leaf Farms LLC');
    expect(text).toContain('Website: https://greenleaf.example/');
    expect(text).toContain('Date: March 4, 2026 at 10:30 AM ET');
    expect(text).toContain('Scan has identified 3 potential issues!');
    expect(text).toContain('PRODUCT NAME');
    expect(text).toContain('Night Balm');
    expect(text).toContain('UNAUTHORIZED PRODUCTS');
    expect(text).toContain('Sleep Gummies');
    for (const heading of ['Potential Issues', 'Snapshot/Link', 'Evidence']) expect(text).toContain(heading);
    for (const v of result.violations) {
      expect(text).toContain(v.evidence);
      expect(text).toContain(v.description);
    }
    expect(text).toContain('Video at 0:12');
    // Each finding's rule reference and remediation, as the report dialog shows them.
    expect(text).toContain('Rule: 21 U.S.C. 321(g)(1)(B)');
    expect(text).toContain('How to fix: Remove the disease claim.');
  });

  it("writes a shipped rule's reference and remediation in the report's language", async () => {
    const shipped = violation({
      ruleRef:
        'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B): disease claims make a product an unapproved drug (FDA warning letters to CBD marketers)',
    });
    const text = await pdfText(
      await renderReportPdf(
        { ...result, violationCount: 1, violations: [shipped] },
        { companyName: 'Green Leaf Farms LLC', productName: 'Trustleaf', language: 'fr' },
      ),
    );
    expect(text).toContain(
      "Règle : FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B) : les allégations thérapeutiques font d'un produit un médicament non autorisé",
    );
    expect(text).toContain('Comment corriger : Supprimez');
    expect(text).not.toContain('Remove the disease claim.');
  });

  it('says so when nothing was found and no products were given', async () => {
    const empty: ScanResult = {
      ...result,
      violations: [],
      violationCount: 0,
      productVerification: { authorizedProducts: [], unauthorizedProducts: [] },
    };
    const text = await pdfText(
      await renderReportPdf(empty, { companyName: 'Clean Co', productName: 'Trustleaf' }),
    );
    expect(text).toContain('Scan has identified 0 potential issues!');
    expect(text.match(/No records found/g)).toHaveLength(3);
  });

  it('paginates a long issue list', async () => {
    const many = Array.from({ length: 80 }, (_, i) =>
      violation({ evidence: `Planted sentence number ${i} cures cancer.` }),
    );
    const pdf = await renderReportPdf(
      { ...result, violations: many, violationCount: many.length },
      { companyName: 'Big Co', productName: 'Trustleaf' },
    );
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    expect(doc.numPages).toBeGreaterThan(2);
    const text = await pdfText(pdf);
    expect(text).toContain('Planted sentence number 0 cures cancer.');
    expect(text).toContain('Planted sentence number 79 cures cancer.');
  });

  it('repeats the issues table header on every page the table continues onto', async () => {
    // Long evidence makes rows of different heights, so page breaks fall at different rows.
    const many = Array.from({ length: 60 }, (_, i) =>
      violation({
        evidence: `Row ${i} evidence: our oil cures cancer.${' Family farm text.'.repeat(i % 7)}`,
      }),
    );
    const pdf = await renderReportPdf(
      { ...result, violations: many, violationCount: many.length },
      { companyName: 'Big Co', productName: 'Trustleaf' },
    );
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const { text } = await extractText(doc, { mergePages: false });
    const pages = text.map((t) => t.replace(/\s+/g, ' '));
    const header = 'Potential Issues Snapshot/Link Evidence';
    const tablePages = pages
      .map((pageText, index) => ({ pageText, index }))
      .filter(({ pageText }) => /Row \d+ evidence/.test(pageText));
    expect(tablePages.length).toBeGreaterThanOrEqual(3);
    // Pages are filled: a page break only where the next row does not fit, not one row a page.
    expect(tablePages.length).toBeLessThan(many.length / 5);
    for (const { pageText, index } of tablePages) {
      // The header comes before the first row on the page, once per page.
      const headerAt = pageText.indexOf(header);
      expect(headerAt, `header on page ${index + 1}`).toBeGreaterThanOrEqual(0);
      expect(headerAt).toBeLessThan(pageText.search(/Row \d+ evidence/));
      expect(pageText.split(header)).toHaveLength(2);
    }
    // Every row is printed exactly once, whole, in order.
    const rows = pages.join(' ').match(/Row \d+ evidence/g) ?? [];
    expect(rows).toEqual(many.map((_, i) => `Row ${i} evidence`));
  });

  it('uses the singular for one issue', () => {
    expect(summarySentence(1)).toBe('Scan has identified 1 potential issue!');
    expect(summarySentence(2)).toBe('Scan has identified 2 potential issues!');
  });

  it('is written in the language asked for: its sentences, labels and date, the findings as found', async () => {
    const text = await pdfText(
      await renderReportPdf(result, {
        companyName: 'Green Leaf Farms LLC',
        productName: 'Trustleaf',
        language: 'fr',
      }),
    );
    expect(text).toContain('Trustleaf Rapport de conformité du site web');
    expect(text).toContain('Entreprise : Green Leaf Farms LLC');
    expect(text).toContain('4 mars 2026');
    expect(text).toContain("L'analyse a identifié 3 problèmes potentiels !");
    expect(text).toContain('NOM DU PRODUIT');
    expect(text).toContain('Vidéo à 0:12');
    expect(text).toContain('Page 1 sur');
    expect(text).not.toContain('Scan has identified');
    expect(text).toContain(result.violations[0]!.evidence);

    const german = await pdfText(
      await renderReportPdf(
        { ...result, violations: [], violationCount: 0 },
        { companyName: 'Clean Co', productName: 'Trustleaf', language: 'de' },
      ),
    );
    expect(german).toContain('Der Scan hat 0 mögliche Probleme gefunden!');
    expect(german).toContain('4. März 2026');
    expect(german).toContain('Keine Einträge gefunden');
  });

  it('sets a space before a French label’s colon and a French ‘!’, the other languages none', async () => {
    const shipped = violation({
      imageUrl: 'https://greenleaf.example/img/balm.png',
      ruleRef:
        'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B): disease claims make a product an unapproved drug (FDA warning letters to CBD marketers)',
    });
    const report = async (language: 'fr' | 'de') =>
      rawText(
        await renderReportPdf(
          { ...result, violations: [shipped], violationCount: 1 },
          { companyName: 'Green Leaf Farms LLC', productName: 'Trustleaf', language },
        ),
      );
    // The space is WinAnsi's no-break one (the fonts have no narrow one), which reads back as a space.
    const french = await report('fr');
    for (const label of ['Entreprise', 'Site web', 'Date', 'Pages analysées', 'Image', 'Page', 'Règle'])
      expect(french).toContain(`${label} : `);
    expect(french).toContain('problème potentiel !');
    expect(french).toContain('Allégation thérapeutique :');
    expect(french).not.toMatch(/[^\s][:!]\s/u);
    expect(french).not.toContain('?');
    const german = await report('de');
    expect(german).toContain('Unternehmen: Green Leaf Farms LLC');
    expect(german).toContain('Bild: https://');
  });

  it('breaks a long word of a narrow column at a syllable, with a hyphen (German, French)', async () => {
    const shipped = violation({
      ruleRef:
        'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B): disease claims make a product an unapproved drug (FDA warning letters to CBD marketers)',
    });
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    const report = async (language: 'fr' | 'de') =>
      rawText(
        await renderReportPdf(
          { ...result, violations: [shipped], violationCount: 1 },
          { companyName: 'Clean Co', productName: 'Trustleaf', language, snapshots: [png] },
        ),
      );
    const german = await report('de');
    // In the narrow Potential Issues column (a snapshot beside it) the remedy's long word breaks as German
    // breaks it ('Arz-' then 'neimittelzulassungsverfahren'); it was cut as 'Arznei' then 'mittel…'.
    expect(german).toMatch(/(?:Arz|Arznei|Arzneimit|Arzneimittel)-\n\p{Ll}+verfahren/u);
    expect(german.replace(/-\n/g, '')).toMatch(/Arzneimittelzulassungsverfahren\s+der FDA/);
    // A word broken nowhere is drawn whole, without its syllables' marks.
    expect(german).toContain('Krankheitsbezogene Aussage:\n');
    expect(german).not.toContain('\u00ad');
    const french = await report('fr');
    // Before a line break of the text too ('thérapeu' ended the line without one).
    expect(french).toMatch(/thérapeu-\ntique\n/);
    expect(french).not.toContain('\u00ad');
  });

  it('keeps every character the standard fonts can write: German low quotes, œ, Š, ‰, ‹ ›', async () => {
    const german = await pdfText(
      await renderReportPdf(result, {
        companyName: 'Clean Co',
        productName: 'Trustleaf',
        language: 'de',
      }),
    );
    // The shipped rules' German descriptions quote the term in „…“, which printed as '?cures“'.
    expect(german).toContain('Krankheitsbezogene Aussage: „cures“');
    expect(german).not.toMatch(/\?cures/);
    const evidence = 'Œuvre „bio“ ‚frisch‘ à 5 ‰ – ‹ Šarža › œuf ƒ † ‡ ˆ ˜ Ÿ Žalm ž';
    const text = await pdfText(
      await renderReportPdf(
        { ...result, violations: [violation({ evidence })], violationCount: 1 },
        { companyName: 'Clean Co', productName: 'Trustleaf', language: 'fr' },
      ),
    );
    expect(text).toContain(evidence);
  });

  it('lets a site template’s phrase replace a sentence in any language', async () => {
    const text = await pdfText(
      await renderReportPdf(result, {
        companyName: 'Green Leaf Farms LLC',
        productName: 'Trustleaf',
        language: 'nl',
        phrase: (key, fallback) => (key === 'webcrawler.report.subtitle' ? 'Partner scan' : fallback),
      }),
    );
    expect(text).toContain('Partner scan');
    expect(text).toContain('Trustleaf Website-nalevingsrapport');
  });
});

/** What page 1 of a report draws in its header: raster images, and the colours of filled vector paths. */
async function headerDrawing(pdf: Buffer): Promise<{ images: number; fills: string[] }> {
  const { OPS } = await getResolvedPDFJS();
  const page = await (await getDocumentProxy(new Uint8Array(pdf))).getPage(1);
  const { fnArray, argsArray } = await page.getOperatorList();
  let images = 0;
  const fills: string[] = [];
  fnArray.forEach((op, i) => {
    if (op === OPS.paintImageXObject) images += 1;
    if (op === OPS.setFillRGBColor) fills.push(String((argsArray[i] as unknown[])[0]).toLowerCase());
  });
  return { images, fills };
}

describe('the report logo', () => {
  const empty: ScanResult = {
    ...result,
    violations: [],
    violationCount: 0,
    productVerification: { authorizedProducts: [], unauthorizedProducts: [] },
  };
  const render = (logo?: Buffer) =>
    renderReportPdf(empty, { companyName: 'Clean Co', productName: 'Trustleaf', ...(logo ? { logo } : {}) });
  const square = (colour: string) =>
    sharp({ create: { width: 16, height: 16, channels: 3, background: colour } });

  it('draws an SVG logo (the default one) as vector paths in its own colours, not as an image', async () => {
    const svg = readFileSync(new URL('../../../apps/web/public/site-template/logo.svg', import.meta.url));
    const drawn = await headerDrawing(await render(svg));
    expect(drawn.images).toBe(0);
    expect(drawn.fills).toContain('#17694a');
    expect(drawn.fills).toContain('#bff0d4');
    const none = await headerDrawing(await render());
    expect(none.fills).not.toContain('#17694a');
    expect(none.images).toBe(0);
  });

  it('converts a GIF or a WebP logo to an image it draws', async () => {
    for (const logo of [
      await square('#d32f2f').gif().toBuffer(),
      await square('#1565c0').webp().toBuffer(),
    ]) {
      const pdf = await render(logo);
      expect((await headerDrawing(pdf)).images).toBe(1);
      // pdfkit writes PNG images with their own Flate stream; a GIF or WebP filter never appears.
      expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    }
  });

  it('leaves out a logo it cannot read, and still writes the report', async () => {
    const broken = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    for (const logo of [broken, Buffer.from('%PDF-1.7 not an image')]) {
      const pdf = await render(logo);
      expect((await headerDrawing(pdf)).images).toBe(0);
      expect(await pdfText(pdf)).toContain('Scan has identified 0 potential issues!');
    }
  });

  it('never lets an SVG logo read a file, but draws an image inlined in it', async () => {
    const png = await square('#2e7d32').png().toBuffer();
    const file = join(mkdtempSync(join(tmpdir(), 'report-logo-')), 'on-disk.png');
    writeFileSync(file, png);
    const withImage = (href: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="${href}" width="10" height="10"/></svg>`,
      );
    expect((await headerDrawing(await render(withImage(file)))).images).toBe(0);
    const inline = `data:image/png;base64,${png.toString('base64')}`;
    expect((await headerDrawing(await render(withImage(inline)))).images).toBe(1);
  });
});

/** The images page by page: their size in pixels and where they are drawn (points, from the page's bottom). */
async function imagesOf(pdf: Buffer) {
  const { OPS } = await getResolvedPDFJS();
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { fnArray, argsArray } = await (await doc.getPage(n)).getOperatorList();
    const images: { pixels: [number, number]; width: number; height: number; x: number; y: number }[] = [];
    let matrix: number[] = [];
    fnArray.forEach((op, i) => {
      const args = argsArray[i] as unknown[];
      // pdfkit draws an image in a matrix of its own: [w 0 0 -h x y+h].
      if (op === OPS.transform) matrix = args as number[];
      if (op === OPS.paintImageXObject) {
        const [a, , , d, e, f] = matrix as [number, number, number, number, number, number];
        images.push({ pixels: [args[1] as number, args[2] as number], width: a, height: -d, x: e, y: f + d });
      }
    });
    pages.push(images);
  }
  return pages;
}

/** The compressed pixel data of a PNG (its IDAT chunks, joined). */
function pngData(png: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

describe('the findings’ snapshots', () => {
  const LETTER = { width: 612, height: 792, margin: 60 };
  /** A snapshot as the scan takes it: an opaque PNG of the page region, claim highlighted. */
  const snapshot = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#fafafa' } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="24" y="${height / 2 - 12}" width="${width / 2}" height="24" fill="#ffeb3b"/><text x="24" y="${height / 2 + 6}" font-size="16">Our oil cures cancer.</text></svg>`,
          ),
        },
      ])
      .removeAlpha()
      .png()
      .toBuffer();
  const two = { ...result, violations: result.violations.slice(0, 2), violationCount: 2 };
  const options = { companyName: 'Green Leaf Farms LLC', productName: 'Trustleaf' };

  it('draws a finding’s snapshot in its Snapshot/Link cell, its PNG data embedded as it is', async () => {
    const png = await snapshot(800, 450);
    const pdf = await renderReportPdf(two, { ...options, snapshots: [png] });
    const images = (await imagesOf(pdf)).flat();
    expect(images).toHaveLength(1);
    const [image] = images;
    expect(image!.pixels).toEqual([800, 450]);
    // The Snapshot/Link column (44 % of the 492 pt table, less the padding): about the dialog's 240 pt.
    const column = { left: LETTER.margin + 492 * 0.28, width: 492 * 0.44 };
    expect(image!.x).toBeCloseTo(column.left + 4, 0);
    expect(image!.width).toBeCloseTo(column.width - 8, 0);
    expect(image!.height).toBeCloseTo((image!.width * 450) / 800, 0);
    // Not decoded and encoded again: the PNG's own compressed pixels are in the file.
    expect(pdf.includes(pngData(png))).toBe(true);
    expect(pdf.length).toBeLessThan(png.length + 20 * 1024);
    // The text stays text, the link under the image.
    const text = await pdfText(pdf);
    expect(text).toContain('Snapshot/Link');
    expect(text).toContain(result.violations[0]!.url);
    expect(text).toContain(result.violations[0]!.evidence);
  });

  it('embeds one image given for two findings once, drawn in both rows', async () => {
    const png = await snapshot(800, 450);
    const pdf = await renderReportPdf(two, { ...options, snapshots: [png, png] });
    expect((await imagesOf(pdf)).flat()).toHaveLength(2);
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('keeps the layout without snapshots (the CLI’s report): no image, the narrower column', async () => {
    const pdf = await renderReportPdf(two, options);
    expect((await imagesOf(pdf)).flat()).toHaveLength(0);
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('draws a narrow snapshot no larger than on the screen and a tall one at most 4:3', async () => {
    const pdf = await renderReportPdf(two, {
      ...options,
      snapshots: [await snapshot(200, 100), await snapshot(400, 800)],
    });
    const [small, tall] = (await imagesOf(pdf)).flat();
    // 200 CSS px are 150 pt.
    expect(small!.width).toBeCloseTo(150, 0);
    expect(tall!.pixels).toEqual([400, 800]);
    expect(tall!.height).toBeCloseTo((492 * 0.44 - 8) * 0.75, 0);
    expect(tall!.width).toBeCloseTo(tall!.height / 2, 0);
  });

  it('keeps every row and its image whole on a page, the header repeated, when many have snapshots', async () => {
    const png = await snapshot(800, 600);
    const many = Array.from({ length: 12 }, (_, i) =>
      violation({ evidence: `Row ${i} evidence: cures cancer.` }),
    );
    const pdf = await renderReportPdf(
      { ...result, violations: many, violationCount: many.length },
      { ...options, snapshots: many.map(() => png) },
    );
    const pages = await imagesOf(pdf);
    expect(pages.flat()).toHaveLength(12);
    for (const image of pages.flat()) {
      expect(image.y).toBeGreaterThanOrEqual(LETTER.margin);
      expect(image.y + image.height).toBeLessThanOrEqual(LETTER.height - LETTER.margin);
    }
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const { text } = await extractText(doc, { mergePages: false });
    const tablePages = text.filter((t) => /Row \d+ evidence/.test(t.replace(/\s+/g, ' ')));
    expect(tablePages.length).toBeGreaterThanOrEqual(3);
    for (const pageText of tablePages)
      expect(pageText.replace(/\s+/g, ' ')).toContain('Potential Issues Snapshot/Link Evidence');
    // Each image on the page of its own row: the rows on a page are as many as its images.
    tablePages.forEach((pageText, i) => {
      expect(pageText.match(/Row \d+ evidence/g)).toHaveLength(pages[i]!.length);
    });
  });

  it('flattens a snapshot with transparency on white, and leaves out one that is no picture', async () => {
    const clear = await sharp({
      create: { width: 320, height: 180, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.2 } },
    })
      .png()
      .toBuffer();
    const flattened = await renderReportPdf(two, { ...options, snapshots: [clear] });
    expect((await imagesOf(flattened)).flat().map((i) => i.pixels)).toEqual([[320, 180]]);
    expect(flattened.toString('latin1')).not.toContain('/SMask');

    const png = await snapshot(800, 450);
    for (const broken of [
      png.subarray(0, 200),
      Buffer.concat([png.subarray(0, 8), Buffer.alloc(64)]),
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
    ]) {
      const pdf = await renderReportPdf(two, { ...options, snapshots: [broken] });
      expect((await imagesOf(pdf)).flat()).toHaveLength(0);
      expect(await pdfText(pdf)).toContain(result.violations[0]!.evidence);
    }
  });
});
