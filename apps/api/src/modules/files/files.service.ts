import type { Readable } from 'node:stream';
import { UPLOAD_RULES, type UploadMode } from '@trustleaf/domain/rules/uploads';
import { hasNul, NUL_MESSAGE } from '@trustleaf/domain/schemas/common';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusal } from '../../lib/errors.ts';
import type { createLinkSigner, Storage } from '../../lib/storage.ts';
import { checkUploadBody, checkUploadContent } from '../../lib/uploads.ts';
import type { FilesRepository } from './files.repository.ts';
import { COMMON_REFUSALS, NAMED_REFUSALS } from '@trustleaf/domain/refusals';

export const DOWNLOAD_LINK_TTL_MS = 5 * 60 * 1000;
/** A write untouched this long belongs to no live upload (every chunk touches it). */
export const STALE_PARTIAL_AFTER_MS = 15 * 60 * 1000;

/** The longest file name kept, in characters (code points), as `files.original_name` has always held. */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * A file name within `MAX_FILE_NAME_LENGTH` characters: a longer one loses the end of its stem and
 * keeps its extension (up to 16 characters after the last dot), so the file still opens as what it
 * is. Counted in code points, so a character outside the BMP is never cut in half.
 */
export function shortenFileName(name: string): string {
  const characters = [...name];
  if (characters.length <= MAX_FILE_NAME_LENGTH) return name;
  const extension = /\.[^.\s]{1,16}$/u.exec(name)?.[0] ?? '';
  const stem = characters.slice(0, characters.length - [...extension].length);
  return stem.slice(0, MAX_FILE_NAME_LENGTH - [...extension].length).join('') + extension;
}

export interface UploadedFile {
  key: string;
  name: string;
  size: number;
  extension: string;
}

export interface FilesServiceDeps {
  companyAccess: CompanyAccess;
  repo: FilesRepository;
  storage: Storage;
  links: ReturnType<typeof createLinkSigner>;
  clock: Clock;
}

export function createFilesService({ companyAccess, repo, storage, links, clock }: FilesServiceDeps) {
  async function assertCanRead(auth: AuthContext, key: string) {
    const file = await repo.findByKey(key);
    if (!file) throw refusal('NOT_FOUND', COMMON_REFUSALS.documentNotFound);
    if (file.companyId) await companyAccess.require(auth, file.companyId);
    else if (!auth.isSuperAdmin && file.uploadedBy !== auth.userId)
      throw refusal('NOT_FOUND', COMMON_REFUSALS.documentNotFound);
    return file;
  }

  return {
    /** Checks the caller may upload for the company before any byte is stored. */
    async authorise(auth: AuthContext, companyId: number | undefined): Promise<void> {
      if (companyId !== undefined) await companyAccess.require(auth, companyId);
    },

    /**
     * Stores one upload, then checks its content; anything refused is deleted again. The stream is
     * size-limited by the caller (multipart limits), so nothing larger than the mode allows is kept.
     */
    async store(
      auth: AuthContext,
      input: {
        mode: UploadMode;
        companyId: number | undefined;
        name: string;
        stream: Readable;
        /** True when the stream stopped at the size limit: the stored bytes are then incomplete. */
        truncated: () => boolean;
      },
    ): Promise<UploadedFile> {
      const key = storage.newKey();
      const size = await storage.put(key, input.stream);
      try {
        // PostgreSQL text cannot hold NUL; the name is refused before anything refers to the file.
        if (hasNul(input.name)) throw new AppError('VALIDATION_FAILED', `File name: ${NUL_MESSAGE}`);
        if (input.truncated()) {
          throw refusal(
            'PAYLOAD_TOO_LARGE',
            NAMED_REFUSALS.fileTooLarge(UPLOAD_RULES[input.mode].maxBytes / (1024 * 1024)),
          );
        }
        const content = await storage.read(key);
        const extension = await checkUploadContent(input.mode, content.subarray(0, 4100));
        if (size === 0) throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.cannotUploadFile);
        await checkUploadBody(input.mode, extension, content);
        // A file sent without a name is named after its content; a long one is shortened, and the
        // answer names the file as it is stored.
        const name = shortenFileName(input.name) || `file.${extension}`;
        await repo.insert({
          key,
          companyId: input.companyId ?? null,
          uploadedBy: auth.userId,
          originalName: name,
          extension,
          mode: input.mode,
          size,
        });
        return { key, name, size, extension };
      } catch (error) {
        await storage.remove(key);
        throw error;
      }
    },

    maxBytes: (mode: UploadMode) => UPLOAD_RULES[mode].maxBytes,
    /** Partial writes a crashed process left behind; run at start. */
    removeStalePartials: () =>
      storage.removeStalePartials(new Date(clock.now().getTime() - STALE_PARTIAL_AFTER_MS)),

    /** A stored upload's record, for modules that attach uploads (documents) and authorise on their own. */
    async findUpload(key: string) {
      return repo.findByKey(key);
    },

    async getFileUrl(auth: AuthContext, key: string): Promise<{ url: string; expiresAt: string }> {
      await assertCanRead(auth, key);
      const expires = clock.now().getTime() + DOWNLOAD_LINK_TTL_MS;
      const signature = links.sign(key, expires);
      const query = new URLSearchParams({ key, expires: String(expires), sig: signature });
      return { url: `/api/storage/file?${query.toString()}`, expiresAt: new Date(expires).toISOString() };
    },

    /** Serves a signed link; the signature stands in for the session so links work in <img> and downloads. */
    async openSigned(key: string, expires: number, signature: string) {
      links.assertValid(key, expires, signature, clock.now().getTime());
      const file = await repo.findByKey(key);
      if (!file) throw refusal('NOT_FOUND', COMMON_REFUSALS.documentNotFound);
      return { file, stream: await storage.open(key) };
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
