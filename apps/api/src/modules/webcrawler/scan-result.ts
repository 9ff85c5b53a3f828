import { createHash } from 'node:crypto';
import type { ResolvedViolation, ViolationType } from '@trustleaf/domain/schemas/webcrawler';
import { normaliseProductName, type ScanResult } from '@trustleaf/scanner';
import type { Clock } from '../../lib/clock.ts';
import type { OutboxMailer } from '../../lib/mailer.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import type { ScanOptionsStored } from './scan-job.ts';
import { newHighFindingsMail } from './webcrawler.mails.ts';
import type { NewFinding, WebcrawlerRepository } from './webcrawler.repository.ts';

/** Same claim on the same page (or image) across scans: what "new since last scan" compares. */
export function fingerprintOf(v: {
  category: string;
  term: string;
  url: string;
  imageUrl: string | null;
  evidence: string;
}): string {
  const evidence = v.evidence.toLowerCase().replace(/\s+/g, ' ').trim();
  return createHash('sha256')
    .update([v.category, v.term.toLowerCase(), v.url, v.imageUrl ?? '', evidence].join('\u0000'))
    .digest('base64url');
}

function violationTypeOf(category: string): ViolationType {
  if (category === 'FDA_DISCLAIMER') return 'FDA_DISCLAIMER';
  if (category === 'AGE_RESTRICTION') return 'AGE_RESTRICTION';
  return 'NON_COMPLIANCE';
}

function dedupeProducts(names: string[]) {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = normaliseProductName(name);
    if (key && !seen.has(key)) seen.set(key, name.trim().slice(0, 255));
  }
  return [...seen].map(([nameKey, name]) => ({ name, nameKey }));
}

/**
 * Stores a finished scan's result: its findings marked new against the website's previous check, the
 * previous findings no longer found (resolved), the products it creates, and a re-scan's email to the
 * owners and admins when it found new HIGH findings. Returns null when the result was stored already.
 */
export function createScanResultStore(deps: {
  repo: WebcrawlerRepository;
  clock: Clock;
  mailer: OutboxMailer;
  appUrl: string;
}) {
  const { repo, clock } = deps;
  return async function storeResult(
    job: {
      id: string;
      companyId: number;
      url: string;
      siteKey: string;
      websiteId: number | null;
      isRescan: boolean;
    },
    options: ScanOptionsStored,
    result: ScanResult,
    /** The snapshot pass will follow: the check is marked as waiting for it. */
    snapshotsPending: boolean,
  ) {
    const now = clock.now();
    const previous = await repo.previousCheck(job.companyId, job.siteKey);
    const previousFindings = previous ? await repo.findingsOf(previous.id) : [];
    const previousPrints = new Set(previousFindings.map((f) => f.fingerprint));
    const findings: NewFinding[] = result.violations.map((v, position) => {
      const fingerprint = fingerprintOf(v);
      return {
        companyId: job.companyId,
        position,
        fingerprint,
        description: v.description,
        pageUrl: v.url,
        imageUrl: v.imageUrl,
        isInVideo: v.isInVideo,
        startTime: v.startTime,
        videoUrl: v.videoUrl ?? null,
        pdfUrl: v.pdfUrl ?? null,
        pdfPage: v.pdfPage ?? null,
        evidence: v.evidence,
        category: v.category,
        term: v.term,
        severity: v.severity,
        violationType: violationTypeOf(v.category),
        ruleRef: v.ruleRef,
        hint: v.hint,
        isNew: previous !== null && !previousPrints.has(fingerprint),
      };
    });
    const currentPrints = new Set(findings.map((f) => f.fingerprint));
    const resolved: ResolvedViolation[] = previousFindings
      .filter((f) => !currentPrints.has(f.fingerprint))
      .map((f) => ({
        complianceFindingId: f.id,
        description: f.description,
        url: f.pageUrl,
        evidence: f.evidence,
        severity: f.severity,
        violationType: f.violationType,
        ruleRef: f.ruleRef,
        hint: f.hint,
      }));
    const autoCreate = options.autoCreateProduct
      ? dedupeProducts(result.productVerification.unauthorizedProducts.map((p) => p.productName))
      : [];
    const newHigh = findings.filter((f) => f.isNew && f.severity === 'HIGH').length;
    return repo.storeResult({
      job: { id: job.id, companyId: job.companyId, websiteId: job.websiteId },
      check: {
        url: result.url,
        siteKey: job.siteKey,
        checkTime: now,
        pagesScanned: result.pagesScanned,
        productVerification: result.productVerification,
        previousCheckId: previous?.id ?? null,
        resolved,
        snapshotsPending,
      },
      findings,
      now,
      autoCreateProducts: autoCreate,
      // The email is written with the result, in one transaction, and its outbox ids are recorded
      // with the check: a scan job that runs again (pg-boss delivers at least once) finds the result
      // stored, writes no second email and queues the recorded one if it was not sent.
      afterStore: async (tx, checkId) => {
        const outboxIds: number[] = [];
        if (!job.isRescan || newHigh === 0) return outboxIds;
        const link = `${deps.appUrl}/webcrawler?view=${checkId}`;
        for (const recipient of await repo.ownerAndAdminEmails(job.companyId, tx)) {
          const mail = renderMail(newHighFindingsMail, mailLanguage(recipient.language), {
            firstName: recipient.firstName,
            url: job.url,
            count: newHigh,
            link,
          });
          outboxIds.push(await deps.mailer.record(tx, { to: recipient.email, ...mail }));
        }
        return outboxIds;
      },
    });
  };
}
