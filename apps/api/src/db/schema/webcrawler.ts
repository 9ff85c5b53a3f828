// The webcrawler (issue 17; spec 3 §3 "Scan job", "Violation check", "Violation check detail").

import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, ownerRef, ownerKey, actorRef, companyOwned } from './columns.ts';
import { users } from './auth.ts';
import { companies } from './companies.ts';
import { mailOutbox } from './platform.ts';

/** A company's websites: each scan adds its site here; re-scans run weekly while enabled. */
export const webcrawlerWebsites = pgTable(
  'webcrawler_websites',
  {
    ...companyOwned(() => companies.id),
    url: text('url').notNull(),
    /** Scheme-less origin (`host:port`, lower case, no `www.`): one website per company and key. */
    siteKey: text('site_key').notNull(),
    rescanEnabled: boolean('rescan_enabled').notNull().default(true),
    nextScanAt: timestamptz('next_scan_at'),
    lastScanAt: timestamptz('last_scan_at'),
    lastViolationCheckId: integer('last_violation_check_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webcrawler_websites_company_site').on(t.companyId, t.siteKey),
    index('webcrawler_websites_due').on(t.nextScanAt),
  ],
);

/** One scan (the Scan button, a product scan task or a scheduled re-scan); the API's jobId is its id. */
export const scanJobs = pgTable(
  'scan_jobs',
  {
    id: uuid('id').primaryKey(),
    companyId: ownerRef('company_id', () => companies.id),
    kind: text('kind', { enum: ['job', 'productScanTask'] }).notNull(),
    url: text('url').notNull(),
    siteKey: text('site_key').notNull(),
    /** The scan request's options (additionalWords, isIncludedVideo, verifyProduct, analyzeImage, autoCreateProduct). */
    options: jsonb('options').notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed', 'cancelled'] }).notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressQueued: integer('progress_queued').notNull().default(0),
    violationCheckId: integer('violation_check_id'),
    message: text('message'),
    attempts: integer('attempts').notNull().default(0),
    cancelRequestedAt: timestamptz('cancel_requested_at'),
    websiteId: integer('website_id').references(() => webcrawlerWebsites.id, { onDelete: 'set null' }),
    isRescan: boolean('is_rescan').notNull().default(false),
    requestedBy: actorRef('requested_by', () => users.id),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [index('scan_jobs_company_created').on(t.companyId, t.createdAt)],
);

/** A finished scan's result (spec 3 §3 "Violation check"); one per scan job, so a retried job stores once. */
export const violationChecks = pgTable(
  'violation_checks',
  {
    ...companyOwned(() => companies.id),
    scanJobId: uuid('scan_job_id').notNull().unique(),
    url: text('url').notNull(),
    siteKey: text('site_key').notNull(),
    checkTime: timestamptz('check_time').notNull(),
    pagesScanned: integer('pages_scanned').notNull(),
    productVerification: jsonb('product_verification').notNull(),
    /** The previous check of the same website the new/resolved marks compare with. */
    previousCheckId: integer('previous_check_id'),
    /** Findings of the previous check no longer found (ResolvedViolation[]). */
    resolved: jsonb('resolved').notNull().default([]),
    /**
     * The findings' snapshots are still to be taken (stored with the check when the scan takes them;
     * cleared once an attempt finished its snapshot pass): a retried delivery of a scan whose worker
     * died during that pass takes them again.
     */
    snapshotsPending: boolean('snapshots_pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('violation_checks_company_site').on(t.companyId, t.siteKey, t.checkTime)],
);

export const complianceFindings = pgTable(
  'compliance_findings',
  {
    id: serial('id').primaryKey(),
    checkId: ownerRef('check_id', () => violationChecks.id),
    companyId: integer('company_id').notNull(),
    position: integer('position').notNull(),
    /** Same claim on the same page across scans: what "new since last scan" and "resolved" compare. */
    fingerprint: text('fingerprint').notNull(),
    description: text('description').notNull(),
    pageUrl: text('page_url').notNull(),
    imageUrl: text('image_url'),
    isInVideo: boolean('is_in_video').notNull(),
    startTime: doublePrecision('start_time'),
    videoUrl: text('video_url'),
    /**
     * A finding in a linked PDF: the document and its page (from 1). The page URL is the page linking
     * to it, whose rendering has no image of the finding (the snapshot pass skips these).
     */
    pdfUrl: text('pdf_url'),
    pdfPage: integer('pdf_page'),
    evidence: text('evidence').notNull(),
    category: text('category').notNull(),
    term: text('term').notNull(),
    severity: text('severity', { enum: ['HIGH', 'MEDIUM', 'LOW', 'COMPLIANCE'] }).notNull(),
    violationType: text('violation_type', {
      enum: ['NON_COMPLIANCE', 'FDA_DISCLAIMER', 'AGE_RESTRICTION'],
    }).notNull(),
    ruleRef: text('rule_ref').notNull(),
    hint: text('hint').notNull(),
    isCompliant: boolean('is_compliant').notNull().default(false),
    isReviewed: boolean('is_reviewed').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
  },
  (t) => [
    uniqueIndex('compliance_findings_check_position').on(t.checkId, t.position),
    index('compliance_findings_company_image').on(t.companyId, t.imageUrl),
  ],
);

/** The minimal product catalogue the scan's product comparison reads (authorised products). */
export const products = pgTable(
  'products',
  {
    ...companyOwned(() => companies.id),
    name: text('name').notNull(),
    /** Folded name: one product per company and name whatever the case or spacing. */
    nameKey: text('name_key').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    source: text('source', { enum: ['MANUAL', 'SCAN'] })
      .notNull()
      .default('MANUAL'),
    // Spec 3 §3 Product: tracking numbers and days, edited on the company page.
    metrcNumber: text('metrc_number'),
    sampleNumber: text('sample_number'),
    lotNumber: text('lot_number'),
    batchNumber: text('batch_number'),
    receivedProductAt: date('received_product_at', { mode: 'string' }),
    expireDate: date('expire_date', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_company_name').on(t.companyId, t.nameKey)],
);

// ---- webcrawler: finding snapshots and re-scan emails (issue 17) ----

/**
 * A finding's snapshot: the PNG crop of the rendered page, claim highlighted, that the scan stored in
 * Storage under `storageKey` (findings of one page and sentence share one image).
 */
export const complianceFindingSnapshots = pgTable(
  'compliance_finding_snapshots',
  {
    findingId: ownerKey('finding_id', () => complianceFindings.id),
    companyId: integer('company_id').notNull(),
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('compliance_finding_snapshots_company').on(t.companyId)],
);

/**
 * Stored snapshot images whose last row went (a finding, its check or its company deleted, by any
 * statement): a trigger on compliance_finding_snapshots (migration 0026) records each key here, and
 * the `webcrawler.remove-released-snapshots` job removes the bytes from Storage, then the row.
 */
export const releasedSnapshotKeys = pgTable('released_snapshot_keys', {
  storageKey: text('storage_key').primaryKey(),
  releasedAt: timestamptz('released_at').notNull().defaultNow(),
});

/**
 * Snapshot images a scan attempt writes to Storage, each recorded here before it is written. A key
 * leaves this table only in a transaction that either references it from a finding
 * (compliance_finding_snapshots) or records it in released_snapshot_keys for removal: when its attempt
 * stores its snapshots, when a later attempt of the scan starts its snapshot pass (the earlier one
 * died), or when it is older than any attempt can run (the last attempt died). So no image a worker
 * wrote before dying stays in Storage unreferenced.
 */
export const pendingSnapshotKeys = pgTable(
  'pending_snapshot_keys',
  {
    storageKey: text('storage_key').primaryKey(),
    scanJobId: uuid('scan_job_id').notNull(),
    /** The scan job's attempt (scan_jobs.attempts) that writes the image. */
    attempt: integer('attempt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_snapshot_keys_job').on(t.scanJobId, t.attempt),
    index('pending_snapshot_keys_created').on(t.createdAt),
  ],
);

/**
 * The outbox rows of a check's re-scan email, written in the transaction that stores the check: a
 * scan job run again after its worker died queues exactly these (the send job skips a sent row).
 */
export const violationCheckMails = pgTable(
  'violation_check_mails',
  {
    checkId: ownerRef('check_id', () => violationChecks.id),
    outboxId: ownerRef('outbox_id', () => mailOutbox.id),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.outboxId] })],
);
