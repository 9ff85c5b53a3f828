import { z } from 'zod';
import { defineJob } from '../../lib/jobs.ts';

/** Prospect CSV import (spec: importProspects); the handler is idempotent via the job row's status. */
export function createProspectImportJob(run: (jobId: string) => Promise<void>) {
  return defineJob({
    name: 'accounts.import-prospects',
    payload: z.object({ jobId: z.uuid() }),
    policy: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 600 },
    handler: ({ jobId }) => run(jobId),
  });
}
