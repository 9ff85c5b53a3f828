import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScanOptions, ScanResult, scanSite, Violation } from '@trustleaf/scanner';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';
import type { Storage } from '../../lib/storage.ts';
import type { WebcrawlerRepository } from './webcrawler.repository.ts';

/** How much of a scan's snapshots is kept: pages re-read for them, images and bytes stored. */
export interface SnapshotLimits {
  /** Pages with findings rendered again for snapshots (0: no snapshots). */
  maxPages: number;
  /** Images stored per scan. */
  maxCount: number;
  /** Bytes stored per scan, all images together. */
  maxBytes: number;
  /** A larger image is not stored. */
  maxImageBytes: number;
}

export const DEFAULT_SNAPSHOT_LIMITS: Omit<SnapshotLimits, 'maxPages'> = {
  maxCount: 25,
  maxBytes: 5 * 1024 * 1024,
  maxImageBytes: 512 * 1024,
};

export interface StoredSnapshot {
  storageKey: string;
  bytes: number;
}

const SEVERITY_RANK: Record<string, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A finding on the page's own text: what the engine can crop on a rendered page. */
function snapshotable(v: Violation): boolean {
  return !v.imageUrl && !v.pdfUrl && !v.isInVideo && v.evidence.trim().length > 0;
}

/** Pages with findings, those with the most severe first, at most `limit`. */
export function pagesToSnapshot(violations: readonly Violation[], limit: number): string[] {
  const best = new Map<string, number>();
  for (const v of violations) {
    if (!snapshotable(v)) continue;
    const rank = SEVERITY_RANK[v.severity] ?? 3;
    best.set(v.url, Math.min(best.get(v.url) ?? rank, rank));
  }
  return [...best]
    .sort((a, b) => a[1] - b[1])
    .slice(0, limit)
    .map(([url]) => url);
}

async function isPng(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const head = Buffer.alloc(PNG_SIGNATURE.length);
    await handle.read(head, 0, head.length, 0);
    return head.equals(PNG_SIGNATURE);
  } finally {
    await handle.close();
  }
}

/**
 * Snapshots of the scan's findings: each page with findings (up to the limit) is read again by the
 * engine, alone and rendered, with its snapshot directory set; the PNG crops it writes are stored in
 * Storage within the count and byte caps, each key recorded before its image is written. Returns them
 * by the finding's position in the result, and every key stored (so a result that is not stored can
 * remove them). A page that fails is skipped;
 * only a cancel (the signal) ends the pass with an error.
 */
export async function snapshotFindings(input: {
  result: ScanResult;
  scan: typeof scanSite;
  /** The engine options every page is read with (allow list, words, signal, the job's browser). */
  options: Pick<ScanOptions, 'additionalWords' | 'allowHosts' | 'signal' | 'browser'>;
  storage: Storage;
  /** Records a key before its image is written (pending_snapshot_keys), so no image is lost track of. */
  recordKey: (storageKey: string) => Promise<void>;
  limits: SnapshotLimits;
  log: (line: string) => void;
}): Promise<{ byPosition: Map<number, StoredSnapshot>; keys: string[] }> {
  const { result, limits, storage } = input;
  const byPosition = new Map<number, StoredSnapshot>();
  const keys: string[] = [];
  const pages = pagesToSnapshot(result.violations, limits.maxPages);
  if (pages.length === 0 || limits.maxCount <= 0) return { byPosition, keys };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'trustleaf-snapshots-'));
  try {
    // The image file of each finding (by position) that the engine cropped.
    const files = new Map<number, string>();
    for (const page of pages) {
      let pass: ScanResult;
      try {
        pass = await input.scan(page, {
          ...input.options,
          maxPages: 1,
          render: true,
          snapshotDir: dir,
          readPdfs: false,
          analyzeImages: false,
          includeVideo: false,
        });
      } catch (error) {
        if (input.options.signal?.aborted) throw error;
        input.log(`snapshots of ${page} not taken: ${String(error)}`);
        continue;
      }
      const byEvidence = new Map<string, string>();
      for (const v of pass.violations) if (v.snapshot) byEvidence.set(v.evidence, v.snapshot);
      result.violations.forEach((v, position) => {
        const file = v.url === page && snapshotable(v) ? byEvidence.get(v.evidence) : undefined;
        if (file) files.set(position, file);
      });
    }
    // One stored image per file (findings of one sentence share it), in the findings' order.
    const stored = new Map<string, StoredSnapshot | null>();
    let total = 0;
    try {
      for (const [position, file] of [...files].sort((a, b) => a[0] - b[0])) {
        if (!stored.has(file)) {
          let kept: StoredSnapshot | null = null;
          const size = (await stat(file).catch(() => null))?.size ?? 0;
          const fits = size > 0 && size <= limits.maxImageBytes && total + size <= limits.maxBytes;
          if (fits && keys.length < limits.maxCount && (await isPng(file))) {
            const storageKey = storage.newKey();
            await input.recordKey(storageKey);
            const bytes = await storage.put(storageKey, createReadStream(file));
            keys.push(storageKey);
            total += bytes;
            kept = { storageKey, bytes };
          }
          stored.set(file, kept);
        }
        const kept = stored.get(file);
        if (kept) byPosition.set(position, kept);
      }
    } catch (error) {
      // Storage failed midway: nothing of this pass is kept.
      await removeKeys(storage, keys);
      throw error;
    }
    return { byPosition, keys };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes stored snapshots (a result that was not stored after all); a failure leaves them behind. */
export async function removeKeys(storage: Storage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

const RELEASED_BATCH = 200;

/**
 * Removes from Storage the snapshot images whose rows went (a finding, its check or its company
 * deleted: the database records their keys) and those a scan attempt wrote but never referenced (a
 * worker that died in its snapshot pass: released by the next attempt, or here once older than any
 * attempt runs), hourly. The bytes go first, then the record: a crash in between leaves a record
 * that the next run removes again. A key still referenced is only forgotten.
 */
export function createRemoveReleasedSnapshotsJob(deps: {
  repo: Pick<
    WebcrawlerRepository,
    'releasedSnapshotKeys' | 'forgetReleasedKeys' | 'releaseStaleSnapshotKeys'
  >;
  storage: Storage;
  /** Pending images older than this are of attempts that died (longer than an attempt runs). */
  pendingMaxAgeSeconds: number;
  log: (line: string) => void;
}) {
  return defineJob({
    name: 'webcrawler.remove-released-snapshots',
    // pg-boss sends `null` as the payload of a scheduled run.
    payload: z.object({}).loose().nullish(),
    policy: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 1800 },
    cron: '23 * * * *',
    async handler() {
      await deps.repo.releaseStaleSnapshotKeys(deps.pendingMaxAgeSeconds);
      let removed = 0;
      for (;;) {
        const batch = await deps.repo.releasedSnapshotKeys(RELEASED_BATCH);
        for (const { storageKey, inUse } of batch) {
          if (inUse) continue;
          await deps.storage.remove(storageKey);
          removed++;
        }
        await deps.repo.forgetReleasedKeys(batch.map((k) => k.storageKey));
        if (batch.length < RELEASED_BATCH) break;
      }
      if (removed > 0) deps.log(`webcrawler.remove-released-snapshots: ${removed} image(s) removed`);
    },
  });
}
