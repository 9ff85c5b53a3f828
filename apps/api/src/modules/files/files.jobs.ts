import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { Storage } from '../../lib/storage.ts';
import type { FilesRepository } from './files.repository.ts';

/** An upload may wait this long for the form that attaches it (a document, a COA batch, a logo). */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 3600 * 1000;
const BATCH = 500;

export function createFilesJobs(deps: {
  repo: FilesRepository;
  storage: Storage;
  clock: Clock;
  log: (line: string) => void;
}) {
  const { repo, storage, clock, log } = deps;

  const removeUnreferenced = defineJob({
    name: 'files.remove-unreferenced',
    // pg-boss sends `null` as the payload of a scheduled run.
    payload: z.object({}).loose().nullish(),
    policy: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 1800 },
    cron: '30 3 * * *',
    async handler() {
      const before = new Date(clock.now().getTime() - UNREFERENCED_UPLOAD_TTL_MS);
      let removed = 0;
      for (;;) {
        const batch = await repo.findUnreferenced(before, BATCH);
        if (batch.length === 0) break;
        // Bytes first, then the row: a crash in between leaves a row that the next run removes again.
        for (const file of batch) await storage.remove(file.key);
        await repo.deleteByIds(batch.map((file) => file.id));
        removed += batch.length;
        if (batch.length < BATCH) break;
      }
      if (removed > 0) log(`files.remove-unreferenced: ${removed} upload(s) removed`);
    },
  });

  return { removeUnreferenced };
}
export type FilesJobs = ReturnType<typeof createFilesJobs>;
