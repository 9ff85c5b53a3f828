import { ScanError } from '@trustleaf/scanner';
import type { WebcrawlerRepository } from './webcrawler.repository.ts';

const PROGRESS_FLUSH_MS = 1000;
export const CANCELLED_MESSAGE = 'Webcrawler is cancelled';
export const TIME_LIMIT_MESSAGE = 'The scan took longer than its time limit and was stopped';

/**
 * Watches a running scan: stops it at its time limit, and once a second stores its progress, publishes
 * it when it changed and stops the scan when a cancel was asked for (or the scan is no longer running).
 * `stop()` ends the watch whatever the outcome.
 */
export function watchScan(input: {
  id: string;
  repo: Pick<WebcrawlerRepository, 'saveProgress'>;
  timeLimitSeconds: number;
  publish: (id: string) => Promise<unknown>;
  log: (line: string) => void;
}) {
  const { id, repo } = input;
  const controller = new AbortController();
  let reason: 'cancelled' | 'timeout' | null = null;
  const timeLimit = setTimeout(() => {
    reason = 'timeout';
    controller.abort(new ScanError('CANCELLED', TIME_LIMIT_MESSAGE));
  }, input.timeLimitSeconds * 1000);
  let latest = { done: 0, queued: 0 };
  let flushed = { done: -1, queued: -1 };
  let flushing = false;
  // Progress is written (and a cancel looked for) once a second, not on every page.
  const flusher = setInterval(() => {
    if (flushing) return;
    flushing = true;
    const current = latest;
    void repo
      .saveProgress(id, current.done, current.queued)
      .then(async (state) => {
        if (state.cancelRequested || !state.stillRunning) {
          reason ??= 'cancelled';
          controller.abort(new ScanError('CANCELLED', CANCELLED_MESSAGE));
          return;
        }
        if (current.done !== flushed.done || current.queued !== flushed.queued) {
          flushed = current;
          await input.publish(id);
        }
      })
      .catch((error: unknown) => input.log(`scan ${id}: progress not saved: ${String(error)}`))
      .finally(() => {
        flushing = false;
      });
  }, PROGRESS_FLUSH_MS);

  return {
    signal: controller.signal,
    /** Why the scan was stopped, if the watch stopped it. */
    reason: () => reason,
    onProgress: (progress: { done: number; queued: number }) => {
      latest = { done: progress.done, queued: progress.queued };
    },
    stop() {
      clearTimeout(timeLimit);
      clearInterval(flusher);
    },
  };
}
