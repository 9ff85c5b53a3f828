import { COA_BATCH_MAX_BYTES, type CoaUploadJob } from '@trustleaf/domain/schemas/document';
import type { AuthContext } from '../../lib/authz.ts';
import { AppError } from '../../lib/errors.ts';
import { toCoaJob } from './documents.jobs.ts';
import type { CoaUploadRow } from './documents.repository.ts';
import type { DocumentAccess, DocumentsServiceDeps } from './documents.access.ts';

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
          throw new AppError('NOT_FOUND', 'Cannot upload your file');
        if (file.mode !== 'coa') throw new AppError('VALIDATION_FAILED', 'File Type Is Not Supported');
        uploads.push(file);
      }
      const total = uploads.reduce((sum, f) => sum + f.size, 0);
      if (total > COA_BATCH_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', 'The files are larger than 20 MB together');
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
      if (!row) throw new AppError('NOT_FOUND', 'Upload not found');
      try {
        await companyAccess.require(auth, row.companyId);
      } catch {
        throw new AppError('NOT_FOUND', 'Upload not found');
      }
      await requireVault(auth, row.companyId);
      return toCoaJob(row);
    },
  };
}
export type CoaService = ReturnType<typeof createCoaService>;
