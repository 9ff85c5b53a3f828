import { COA_BATCH_MAX_BYTES, type CoaUploadJob } from '@trustleaf/domain/schemas/document';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import { toCoaJob } from './documents.jobs.ts';
import type { CoaUploadRow } from './documents.repository.ts';
import { DOCUMENT_REFUSALS, type DocumentAccess, type DocumentsServiceDeps } from './documents.access.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** COA batches: the upload of several certificates of analysis, read by the documents.process-coas job. */
export function createCoaService(deps: DocumentsServiceDeps, access: DocumentAccess) {
  const { companyAccess, repo, files, jobs, definitions } = deps;
  const { requireVault } = access;

  return {
    async uploadCoas(
      auth: AuthContext,
      input: { plCompanyId: number; uploadKeys: string[] },
    ): Promise<CoaUploadJob> {
      await companyAccess.require(auth, input.plCompanyId, ['Company Owner', 'Company Admin', 'User']);
      await requireVault(auth, input.plCompanyId);
      const uploads = [];
      for (const key of new Set(input.uploadKeys)) {
        const file = await files.findUpload(key);
        if (!file || file.companyId !== input.plCompanyId)
          throw refusal('NOT_FOUND', DOCUMENT_REFUSALS.cannotUploadFile);
        if (file.mode !== 'coa') throw refusal('VALIDATION_FAILED', DOCUMENT_REFUSALS.fileTypeNotSupported);
        uploads.push(file);
      }
      const total = uploads.reduce((sum, f) => sum + f.size, 0);
      if (total > COA_BATCH_MAX_BYTES) throw refusal('PAYLOAD_TOO_LARGE', DOCUMENT_REFUSALS.coaTooLarge);
      const row = await repo.insertCoaUpload({
        companyId: input.plCompanyId,
        userId: auth.userId,
        total: uploads.length,
        items: uploads.map((f) => ({
          key: f.key,
          fileName: f.originalName,
          extension: f.extension,
          status: 'PENDING',
          message: null,
          cannabinoids: {},
          violations: [],
        })),
      });
      await jobs.enqueue(definitions.processCoas, { uploadId: row.id }, { singletonKey: `coa-${row.id}` });
      return toCoaJob((await repo.findCoaUpload(row.id)) as CoaUploadRow);
    },

    async getCoaUpload(auth: AuthContext, uploadId: number): Promise<CoaUploadJob> {
      const row = await repo.findCoaUpload(uploadId);
      if (!row) throw refusal('NOT_FOUND', COMMON_REFUSALS.uploadNotFound);
      try {
        await companyAccess.require(auth, row.companyId);
      } catch {
        throw refusal('NOT_FOUND', COMMON_REFUSALS.uploadNotFound);
      }
      await requireVault(auth, row.companyId);
      return toCoaJob(row);
    },
  };
}
export type CoaService = ReturnType<typeof createCoaService>;
