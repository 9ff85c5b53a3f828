import { extractText, getDocumentProxy } from 'unpdf';
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
    expect(text).toContain('Entreprise: Green Leaf Farms LLC');
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
