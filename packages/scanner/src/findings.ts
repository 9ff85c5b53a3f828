import type { Dictionary } from './dictionary.ts';
import type { ClaimMatcher, Match } from './matcher.ts';
import type { Severity, Violation, ViolationCategory, ViolationType } from './types.ts';

const SEVERITY_ORDER: Record<Severity, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };
const FDA_DISCLAIMER_TEXT = 'This product is not intended to diagnose, treat, cure, or prevent any disease.';

function violationType(category: ViolationCategory): ViolationType {
  return category === 'FDA_DISCLAIMER' || category === 'AGE_RESTRICTION' ? category : 'NON_COMPLIANCE';
}

/** Where on its page a claim stands, when not in the page's own text. */
export interface FindingPlace {
  imageUrl?: string;
  startTime?: number;
  videoUrl?: string;
  where?: string;
  pdfUrl?: string;
  pdfPage?: number;
}

/** A scan's findings in the spec's "Violation check detail" shape, in the order they were found. */
export class Findings {
  private readonly byKey = new Map<string, Violation>();
  private readonly matcher: ClaimMatcher;

  constructor(matcher: ClaimMatcher) {
    this.matcher = matcher;
  }

  get size(): number {
    return this.byKey.size;
  }

  add(pageUrl: string, match: Match, extra: FindingPlace): void {
    const violation: Violation = {
      description: extra.where ? `${match.description} (${extra.where})` : match.description,
      url: pageUrl,
      imageUrl: extra.imageUrl ?? null,
      isInVideo: extra.startTime !== undefined,
      startTime: extra.startTime ?? null,
      evidence: match.evidence,
      category: match.category,
      term: match.term,
      severity: match.severity,
      ruleRef: match.ruleRef,
      hint: match.hint,
      ...(extra.videoUrl ? { videoUrl: extra.videoUrl } : {}),
      type: violationType(match.category),
      ...(extra.pdfUrl ? { pdfUrl: extra.pdfUrl, pdfPage: extra.pdfPage } : {}),
    };
    // Site-wide boilerplate (a footer claim on every page) is one issue, reported on its first page.
    const key = [match.category, match.term, match.evidence, violation.imageUrl, violation.startTime].join(
      '\u0000',
    );
    if (!this.byKey.has(key)) this.byKey.set(key, violation);
  }

  /** Adds the claims of one text of a page; whether the text carries the disclaimer. */
  analyse(pageUrl: string, text: string, extra: FindingPlace = {}): boolean {
    const result = this.matcher.analyze(text);
    for (const m of result.matches) this.add(pageUrl, m, extra);
    return result.hasDisclaimer;
  }

  /** The findings added after the first `count`. */
  since(count: number): Violation[] {
    return [...this.byKey.values()].slice(count);
  }

  /** Every finding, the most severe first, then by page and sentence. */
  sorted(): Violation[] {
    return [...this.byKey.values()].sort(
      (a, b) =>
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        a.url.localeCompare(b.url) ||
        a.evidence.localeCompare(b.evidence),
    );
  }
}

/** The finding of a product page without the FDA disclaimer. */
export function missingDisclaimer(
  dictionary: Dictionary,
  pageName: string | undefined,
  productUrl: string,
): Match {
  const d = dictionary.disclaimer;
  return {
    category: d.category,
    term: 'fda disclaimer',
    severity: d.severity,
    ruleRef: d.ruleRef,
    hint: d.hint,
    description: 'Product page without the FDA disclaimer',
    evidence: `Product page "${pageName}" (${productUrl}) does not carry the FDA disclaimer "${FDA_DISCLAIMER_TEXT}"`,
    at: 0,
  };
}
