import { act, screen, within } from '@testing-library/react';
import type { Violation, ViolationCheckDetail } from '@trustleaf/domain/schemas/webcrawler';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadMessages } from '@/lib/i18n';
import { renderApp } from '@/testing/test-utils';
import { IssuesTable } from './report-parts';

const DISEASE_RULE =
  'FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B): disease claims make a product an unapproved drug (FDA warning letters to CBD marketers)';
const DISEASE_HINT =
  'Remove the claim that the product cures, treats, prevents or relieves a disease or condition, or substantiate it through the FDA drug approval process.';

/** A finding as the scanner stores it: description and hint in English. */
const finding = (change: Partial<Violation> = {}): Violation => ({
  complianceFindingId: 501,
  description: 'Disease claim: "treats" with "anxiety"',
  url: 'https://shop.example/',
  imageUrl: null,
  isInVideo: false,
  startTime: null,
  videoUrl: null,
  evidence: 'Our CBD oil treats anxiety.',
  severity: 'HIGH',
  violationType: 'NON_COMPLIANCE',
  category: 'DISEASE_CLAIM',
  term: 'treat anxiety',
  ruleRef: DISEASE_RULE,
  hint: DISEASE_HINT,
  isCompliant: false,
  isReviewed: false,
  isNew: false,
  hasSnapshot: false,
  ...change,
});

const detail = (violations: Violation[]): ViolationCheckDetail => ({
  plViolationCheckId: 41,
  plCompanyId: 7,
  companyName: 'Acme Hemp',
  url: 'https://shop.example/',
  checkTime: '2026-11-20T10:00:00.000Z',
  violationCount: violations.length,
  totalFindings: violations.length,
  pagesScanned: 1,
  severityCounts: { HIGH: violations.length, MEDIUM: 0, LOW: 0, COMPLIANCE: 0 },
  violations,
  resolvedViolations: [],
  previousViolationCheckId: null,
  productVerification: { authorizedProducts: [], unauthorizedProducts: [] },
});

async function readIn(language: 'en' | 'fr' | 'de', violations: Violation[]) {
  await loadMessages('app', language);
  await act(async () => {
    await i18n.changeLanguage(language);
  });
  renderApp(<IssuesTable detail={detail(violations)} />);
  return screen.getAllByTestId('issue-row').map((row) => ({
    description: within(row).getByTestId('finding-description').textContent,
    hint: within(row).getByTestId('finding-hint').textContent,
  }));
}

afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
});

describe("a finding's description and hint in the reader's language", () => {
  it('translates the label, framing and hint, and keeps the words quoted from the site as found', async () => {
    const [disease, phrase] = await readIn('fr', [
      finding(),
      finding({
        complianceFindingId: 502,
        description: 'Absolute claim: "Clinically Proven" (page title)',
        category: 'ABSOLUTE_CLAIM',
        term: 'clinically proven',
        ruleRef:
          'FTC Act 5 and 12; FTC Health Products Compliance Guidance (2022): competent and reliable scientific evidence',
        hint: 'Remove the proof claim or keep randomised clinical evidence on file that substantiates exactly this claim.',
      }),
    ]);
    expect(disease!.description).toBe('Allégation thérapeutique : « treats » avec « anxiety »');
    expect(disease!.hint).toBe(
      "Comment corriger : Supprimez l'allégation selon laquelle le produit guérit, traite, prévient ou soulage une maladie ou une affection, ou justifiez-la par la procédure d'autorisation des médicaments de la FDA.",
    );
    expect(phrase!.description).toBe('Allégation absolue : « Clinically Proven » (titre de la page)');
    expect(phrase!.hint).toContain('données cliniques randomisées');
  });

  it('reads in German too, a PDF page named as found', async () => {
    const [row] = await readIn('de', [
      finding({ description: 'Disease claim: "cures" with "Chronic Pain" (PDF Flyer (2024).pdf, page 3)' }),
    ]);
    expect(row!.description).toBe(
      'Krankheitsbezogene Aussage: „cures“ mit „Chronic Pain“ (PDF Flyer (2024).pdf, Seite 3)',
    );
    expect(row!.hint).toContain('Arzneimittelzulassungsverfahren der FDA');
  });

  it('reads in English exactly as the scanner wrote it', async () => {
    const description = 'Disease claim: "cures" with "Chronic Pain" (PDF Flyer (2024).pdf, page 3)';
    const [row] = await readIn('en', [finding({ description })]);
    expect(row!.description).toBe(description);
    expect(row!.hint).toBe(`How to fix: ${DISEASE_HINT}`);
  });

  it('shows a hint of an unknown rule and a description of an unknown shape as stored', async () => {
    const [row] = await readIn('fr', [
      finding({
        description: 'Health claim about "anxiety" on the home page',
        ruleRef: 'Company policy 7',
        hint: 'Ask legal before publishing this.',
      }),
    ]);
    expect(row!.description).toBe('Health claim about "anxiety" on the home page');
    expect(row!.hint).toBe('Comment corriger : Ask legal before publishing this.');
  });

  it('keeps a rule’s stored hint when the category does not match the rule', async () => {
    const [row] = await readIn('fr', [
      finding({ category: 'ADDITIONAL_WORD', description: 'Disease claim: "treats" with "anxiety"' }),
    ]);
    expect(row!.hint).toBe(`Comment corriger : ${DISEASE_HINT}`);
    expect(row!.description).toBe('Disease claim: "treats" with "anxiety"');
  });
});

describe('the issues on a phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each finding as a card: description, level, rule, how to fix, snapshot, evidence', () => {
    // Every media query matches: the viewport is narrower than the small breakpoint.
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    renderApp(<IssuesTable detail={detail([finding(), finding({ complianceFindingId: 502 })])} />);
    expect(screen.queryByTestId('issues-table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Potential Issues' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const text = cards[0]!.textContent ?? '';
    const order = [
      'High',
      'Disease claim',
      `Rule: ${DISEASE_RULE}`,
      `How to fix: ${DISEASE_HINT}`,
      'Snapshot/Link',
      'Open the page',
      'Evidence',
      'Our CBD oil treats anxiety.',
    ].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
