import { z } from 'zod';
import { ImportProspectsInputSchema, ProspectImportJobSchema } from '../schemas/accounts.ts';
import { TextSchema } from '../schemas/common.ts';
import { endpoint } from './endpoint.ts';

/** The admin import tab (spec 3 §2 admin tabs, §7 imports). */
const tag = 'accounts';

export const importProspects = endpoint({
  method: 'POST',
  path: '/api/company/importProspects',
  input: ImportProspectsInputSchema,
  output: z.object({ jobId: TextSchema }),
  access: 'user',
  tag,
  summary: 'Import prospects from CSV (super admin)',
  description:
    'Queues a CSV of prospect companies for import and answers the job id; each line is checked and its errors reported by line number. Super admins only (403 for anyone else); an empty or oversized CSV is 400.',
});

export const getProspectImportJob = endpoint({
  method: 'POST',
  path: '/api/company/getProspectImportJob',
  input: z.object({ jobId: z.uuid() }),
  output: ProspectImportJobSchema,
  access: 'user',
  tag,
  summary: 'Progress of a prospect import',
  description:
    'Status, rows read, rows imported and the errors by line number of an import job. Super admins only (403 for anyone else); an unknown job is 404.',
});
