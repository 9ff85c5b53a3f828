import type { FetchedResource } from './http.ts';

export interface QueuedPage {
  url: string;
  prefetched: FetchedResource | undefined;
}

/**
 * The pages waiting to be read, breadth-first: one queue per depth, the shallowest served first, so a
 * page cap keeps the pages nearest the start whatever order the responses come back in.
 */
export class Frontier {
  private readonly levels: Array<{ items: QueuedPage[]; head: number }> = [];
  private shallowest = 0;
  /** Pages queued and not taken yet. */
  size = 0;

  push(page: QueuedPage, depth: number): void {
    (this.levels[depth] ??= { items: [], head: 0 }).items.push(page);
    if (depth < this.shallowest) this.shallowest = depth;
    this.size++;
  }

  /** The next page of the shallowest depth; only while size > 0. */
  take(): { page: QueuedPage; depth: number } {
    let level = this.levels[this.shallowest];
    while (!level || level.head === level.items.length) level = this.levels[++this.shallowest];
    const page = level.items[level.head]!;
    level.items[level.head++] = undefined as unknown as QueuedPage;
    this.size--;
    return { page, depth: this.shallowest };
  }
}
