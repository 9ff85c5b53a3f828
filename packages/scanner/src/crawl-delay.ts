import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The longest robots.txt Crawl-delay honoured, in seconds. A site may ask for any delay; beyond this a
 * scan of the default 100 pages would run for hours, so the delay is cut to it (100 pages then take
 * about 17 minutes).
 */
export const MAX_CRAWL_DELAY_SECONDS = 10;

/** A robots.txt Crawl-delay (seconds, possibly fractional or absent) as the milliseconds to space requests by. */
export function crawlDelayMs(seconds: number | undefined): number {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 0;
  return Math.round(Math.min(seconds, MAX_CRAWL_DELAY_SECONDS) * 1000);
}

/**
 * Spaces the start of requests to one host by a fixed interval, whatever the concurrency: each caller
 * takes the next free slot and waits for it. Waiting ends early, with the signal's error, on cancel.
 */
export class RequestPacer {
  private readonly intervalMs: number;
  private nextAt = 0;
  constructor(intervalMs: number) {
    this.intervalMs = intervalMs;
  }

  async wait(signal?: AbortSignal): Promise<void> {
    if (this.intervalMs <= 0) return;
    const now = performance.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.intervalMs;
    if (at > now) await sleep(at - now, undefined, { signal });
  }
}
