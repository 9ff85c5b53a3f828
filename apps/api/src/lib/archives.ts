import { fileTypeFromBuffer } from 'file-type';
import { COMMON_REFUSALS, NAMED_REFUSALS } from '@trustleaf/domain/refusals';
import { MB } from '@trustleaf/domain/rules/uploads';
import type { KeyedMessage } from '@trustleaf/domain/validation-issues';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, refusal } from './errors.ts';

/**
 * Bounds of a ZIP's expansion, checked while its entries are inflated (never trusted from the
 * headers alone: a crafted archive declares small sizes and inflates past them).
 */
export interface ArchiveLimits {
  maxEntries: number;
  /** Uncompressed bytes of all entries together. */
  maxBytes: number;
  /** Uncompressed over compressed bytes of one entry, once it is larger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 100,
  maxBytes: 50 * MB,
  maxRatio: 100,
  ratioFloorBytes: 1 * MB,
};

/** Container formats that are never expanded inside an archive. */
const ARCHIVE_KINDS = new Set([
  'zip',
  'gz',
  'tar',
  '7z',
  'rar',
  'bz2',
  'xz',
  'zst',
  'lz',
  'lzh',
  'cab',
  'Z',
  'arj',
]);
const ARCHIVE_NAME = /\.(zip|gz|tgz|tar|7z|rar|bz2|tbz2?|xz|txz|zst|lz|lzh|cab|z|arj|jar)$/i;

/** How many leading bytes `file-type` needs to name a format. */
const HEAD_BYTES = 4100;

/** An archive's refusals with their keys, the bounds named with their values. */
export const ARCHIVE_REFUSALS = {
  unreadable: COMMON_REFUSALS.archiveUnreadable,
  tooManyEntries: NAMED_REFUSALS.archiveTooManyEntries(ARCHIVE_LIMITS.maxEntries),
  tooLarge: NAMED_REFUSALS.archiveTooLarge(ARCHIVE_LIMITS.maxBytes / MB),
  ratio: NAMED_REFUSALS.archiveRatio(ARCHIVE_LIMITS.maxRatio),
  nested: COMMON_REFUSALS.archiveNested,
  encrypted: COMMON_REFUSALS.passwordProtected,
} satisfies Record<string, KeyedMessage>;

function refuse(keyed: KeyedMessage, reason: string): AppError {
  return refusal('VALIDATION_FAILED', keyed, { reason });
}

export interface ArchiveEntry {
  name: string;
  /** The format its content names (a `file-type` extension), or null. */
  kind: string | null;
}

export interface ArchiveVisitor {
  /** Whether the entry's content is wanted in memory; unwanted entries are inflated, counted and dropped. */
  keep(entry: ArchiveEntry): boolean;
  /** Called with each kept entry's content, one entry at a time. */
  visit(entry: ArchiveEntry, content: Buffer): Promise<void>;
}

function openZip(archive: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) reject(refuse(ARCHIVE_REFUSALS.unreadable, 'archive'));
      else resolve(zip);
    });
  });
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolve, reject) => {
    const done = (value: Entry | null, error?: unknown) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      if (error) reject(refuse(ARCHIVE_REFUSALS.unreadable, 'archive'));
      else resolve(value);
    };
    const onEntry = (entry: Entry) => done(entry);
    const onEnd = () => done(null);
    const onError = (error: unknown) => done(null, error);
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openEntry(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(refuse(ARCHIVE_REFUSALS.unreadable, 'archive'));
      else resolve(stream);
    });
  });
}

/**
 * Reads a ZIP entry by entry with a streaming inflater (off the event loop, one entry in memory at a
 * time), counting entries, total bytes and each entry's ratio as the bytes come out; the first bound
 * crossed stops the inflation and refuses the archive with a message that names it. Archives inside
 * it are refused, not expanded; so are encrypted entries.
 */
export async function readZip(
  archive: Buffer,
  visitor: ArchiveVisitor,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<void> {
  const zip = await openZip(archive);
  try {
    if (zip.entryCount > limits.maxEntries) throw refuse(ARCHIVE_REFUSALS.tooManyEntries, 'entries');
    let entries = 0;
    let total = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      entries += 1;
      if (entries > limits.maxEntries) throw refuse(ARCHIVE_REFUSALS.tooManyEntries, 'entries');
      if (entry.isEncrypted()) throw refuse(ARCHIVE_REFUSALS.encrypted, 'encrypted');
      if (ARCHIVE_NAME.test(entry.fileName)) throw refuse(ARCHIVE_REFUSALS.nested, 'nested');
      total = await readEntry(zip, entry, total, visitor, limits);
    }
  } finally {
    zip.close();
  }
}

async function readEntry(
  zip: ZipFile,
  entry: Entry,
  totalBefore: number,
  visitor: ArchiveVisitor,
  limits: ArchiveLimits,
): Promise<number> {
  const ratioLimit = Math.max(limits.ratioFloorBytes, limits.maxRatio * entry.compressedSize);
  const stream = await openEntry(zip, entry);
  let total = totalBefore;
  let bytes = 0;
  let head: Buffer[] = [];
  let headBytes = 0;
  let described: ArchiveEntry | null = null;
  let content: Buffer | null = null;

  const describe = async () => {
    const start = Buffer.concat(head);
    const kind = (await fileTypeFromBuffer(start))?.ext ?? null;
    if (kind && ARCHIVE_KINDS.has(kind)) throw refuse(ARCHIVE_REFUSALS.nested, 'nested');
    const found: ArchiveEntry = { name: entry.fileName, kind };
    if (visitor.keep(found)) {
      // The declared size is only an allocation: the inflater refuses any byte beyond it.
      if (entry.uncompressedSize > limits.maxBytes - totalBefore)
        throw refuse(ARCHIVE_REFUSALS.tooLarge, 'bytes');
      if (entry.uncompressedSize > ratioLimit) throw refuse(ARCHIVE_REFUSALS.ratio, 'ratio');
      content = Buffer.allocUnsafe(entry.uncompressedSize);
      start.copy(content, 0, 0, Math.min(start.length, content.length));
    }
    head = [];
    return found;
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const from = bytes;
      bytes += chunk.length;
      total += chunk.length;
      if (total > limits.maxBytes) throw refuse(ARCHIVE_REFUSALS.tooLarge, 'bytes');
      if (bytes > ratioLimit) throw refuse(ARCHIVE_REFUSALS.ratio, 'ratio');
      if (!described) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= HEAD_BYTES) described = await describe();
      } else if (content) {
        if (bytes > (content as Buffer).length) throw refuse(ARCHIVE_REFUSALS.unreadable, 'archive');
        chunk.copy(content, from);
      }
    }
    described ??= await describe();
  } catch (error) {
    (stream as NodeJS.ReadableStream & { destroy(): void }).destroy();
    if (error instanceof AppError) throw error;
    // The inflater's own checks (sizes, CRC, corrupt data) end here.
    throw refuse(ARCHIVE_REFUSALS.unreadable, 'archive');
  }
  if (content) {
    const kept = content as Buffer;
    await visitor.visit(described, bytes === kept.length ? kept : kept.subarray(0, bytes));
  }
  return total;
}
