import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import {
  coaAgeViolation,
  delta9ThcViolation,
  extractCannabinoidPercents,
  extractCoaTestDate,
} from '@trustleaf/domain/rules/coa';
import { documentTypeText } from '@trustleaf/domain/reference/seeded-catalog';
import { dueReminder, todayIn } from '@trustleaf/domain/rules/document-status';
import {
  COA_UPLOAD_EVENT,
  DOCUMENT_CONVERTED_EVENT,
  type CoaUploadItem,
  type CoaUploadJob,
  type DocumentConvertedEvent,
} from '@trustleaf/domain/schemas/document';
import type { CoaValidationRule } from '@trustleaf/domain/schemas/system';
import { z } from 'zod';
import { readZip, type ArchiveEntry } from '../../lib/archives.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusal } from '../../lib/errors.ts';
import { COMMON_REFUSALS, NAMED_REFUSALS } from '@trustleaf/domain/refusals';
import { validationIssues } from '@trustleaf/domain/validation-issues';
import { defineJob } from '../../lib/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { expiryReminderMail } from '../mail/documents.templates.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import type { Storage } from '../../lib/storage.ts';
import type { CoaUploadRow, DocumentsRepository } from './documents.repository.ts';

const run = promisify(execFile);

/** Office conversion must never hang a worker. */
const CONVERSION_TIMEOUT_MS = 90_000;
const VIEWABLE = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'tiff', 'tif']);
const OFFICE = new Set(['doc', 'docx', 'xls', 'xlsx']);
const IMAGE = new Set(['jpg', 'jpeg', 'png', 'bmp', 'tif', 'tiff', 'webp', 'gif']);

interface StoredCoaItem extends CoaUploadItem {
  key: string;
  extension: string;
}

export function toCoaJob(row: CoaUploadRow): CoaUploadJob {
  const items = (row.items as StoredCoaItem[]).map(
    ({ fileName, status, message, messageKey, messageParams, cannabinoids, violations }) => ({
      fileName,
      status,
      message,
      ...(messageKey ? { messageKey } : {}),
      ...(messageParams ? { messageParams } : {}),
      cannabinoids,
      violations,
    }),
  );
  return {
    plUserUploadCoaId: row.id,
    plCompanyId: row.companyId,
    status: row.status,
    processed: row.processed,
    total: row.total,
    items,
  };
}

export interface DocumentsJobsDeps {
  repo: DocumentsRepository;
  storage: Storage;
  mailer: Mailer;
  clock: Clock;
  /** Pushes an event to the company's live room; a no-op in a worker-only process. */
  notify: (companyId: number, event: string, payload: unknown) => void;
  /** The COA validation rule in force (the system setting, read for each batch). */
  coaRule: () => Promise<CoaValidationRule>;
  log: (line: string) => void;
  /** The app's public address, for the link in the expiry reminders. */
  appUrl: string;
  /** The office converter; `libreoffice` when on PATH. Tests replace it. */
  convertOffice?: (input: Buffer, extension: string) => Promise<Buffer>;
  /** Text of a COA file; tests replace it to avoid loading OCR. */
  readCoaText?: (content: Buffer, extension: string) => Promise<string>;
}

/** `libreoffice --headless --convert-to pdf`; rejects when LibreOffice is not installed. */
export async function convertWithLibreOffice(input: Buffer, extension: string): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'trustleaf-convert-'));
  try {
    const source = path.join(dir, `document.${extension}`);
    await writeFile(source, input);
    await run('libreoffice', ['--headless', '--convert-to', 'pdf', '--outdir', dir, source], {
      timeout: CONVERSION_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, HOME: dir },
    });
    return await readFile(path.join(dir, 'document.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A COA's text, read in a worker thread within the scanner's PDF limits (pages, time, memory). */
async function pdfText(content: Buffer): Promise<string> {
  const { pdfPageTexts, WorkerLimitError } = await import('@trustleaf/scanner');
  try {
    return (await pdfPageTexts(new Uint8Array(content))).join('\n');
  } catch (error) {
    if (error instanceof WorkerLimitError && error.reason !== 'failed') {
      throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.pdfUnreadable, { reason: error.reason });
    }
    throw error;
  }
}

async function imageText(content: Buffer): Promise<string> {
  const { ImageTextReader, ImageTooLargeError, MAX_OCR_PIXELS } = await import('@trustleaf/scanner');
  const reader = new ImageTextReader();
  try {
    return await reader.read(content);
  } catch (error) {
    if (error instanceof ImageTooLargeError) {
      throw refusal('VALIDATION_FAILED', NAMED_REFUSALS.imageTooLargeToRead(MAX_OCR_PIXELS / 1_000_000));
    }
    throw error;
  } finally {
    await reader.close();
  }
}

const MAX_COA_FILES_IN_ARCHIVE = 20;

/** What an archive entry is to COA reading, by its content first and its name second. */
function coaKind(entry: ArchiveEntry): string | null {
  for (const ext of [entry.kind ?? '', path.extname(entry.name).slice(1).toLowerCase()]) {
    if (ext === 'pdf' || IMAGE.has(ext)) return ext;
  }
  return null;
}

/** Text of a COA: PDF text, OCR for images, and every PDF or image inside a ZIP. */
export async function readCoaText(content: Buffer, extension: string): Promise<string> {
  if (extension === 'pdf') return pdfText(content);
  if (IMAGE.has(extension)) return imageText(content);
  if (extension === 'zip') {
    // Streamed with the archive bounds: a bomb is refused as it inflates, one entry in memory at a time.
    const texts: string[] = [];
    await readZip(content, {
      keep: (entry) => texts.length < MAX_COA_FILES_IN_ARCHIVE && coaKind(entry) !== null,
      visit: async (entry, bytes) => {
        texts.push(await readCoaText(bytes, coaKind(entry)!));
      },
    });
    if (texts.length === 0) throw new Error('the archive holds no PDF or image');
    return texts.join('\n');
  }
  throw new Error(`unsupported COA type ${extension}`);
}

export function createDocumentsJobs(deps: DocumentsJobsDeps) {
  const { repo, storage, clock, notify, log } = deps;
  const convertOffice = deps.convertOffice ?? convertWithLibreOffice;
  const coaText = deps.readCoaText ?? readCoaText;

  const convert = defineJob({
    name: 'documents.convert',
    payload: z.object({ documentId: z.number().int().positive() }),
    policy: { retryLimit: 1, retryDelay: 20, retryBackoff: false, expireInSeconds: 180 },
    async handler({ documentId }) {
      const row = await repo.findVersion(documentId);
      // Idempotent: a version already converted (or failed) is left alone.
      if (!row || row.conversionStatus !== 'PROCESSING') return;
      // The company's open pages learn the outcome at once (the review dialog refetches on it).
      const finish = async (
        conversionStatus: DocumentConvertedEvent['conversionStatus'],
        viewKey: string | null,
      ) => {
        await repo.setConversion(documentId, { conversionStatus, viewKey });
        const event: DocumentConvertedEvent = {
          plCompanyId: row.companyId,
          documentTypeId: row.documentTypeId,
          documentId,
          conversionStatus,
        };
        notify(row.companyId, DOCUMENT_CONVERTED_EVENT, event);
      };
      const extension = row.mimeType;
      if (VIEWABLE.has(extension)) {
        // PDFs and images are viewable as uploaded.
        await finish('COMPLETED', row.fileKey);
        return;
      }
      if (!OFFICE.has(extension)) {
        await finish('FAILED', null);
        return;
      }
      try {
        const pdf = await convertOffice(await storage.read(row.fileKey), extension);
        const key = storage.newKey();
        await storage.put(key, Readable.from(pdf));
        await finish('COMPLETED', key);
      } catch (error) {
        log(
          `documents.convert ${documentId}: Document was FAILED to process (${String(error).slice(0, 200)})`,
        );
        await finish('FAILED', null);
      }
    },
  });

  const processCoas = defineJob({
    name: 'documents.process-coas',
    payload: z.object({ uploadId: z.number().int().positive() }),
    policy: { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 },
    async handler({ uploadId }) {
      const row = await repo.findCoaUpload(uploadId);
      if (!row || row.status !== 'PROCESSING') return;
      const items = [...(row.items as StoredCoaItem[])];
      let processed = items.filter((i) => i.status !== 'PENDING').length;
      const publish = (status: CoaUploadJob['status']) =>
        notify(row.companyId, COA_UPLOAD_EVENT, toCoaJob({ ...row, status, processed, items }));
      publish('PROCESSING');
      const rule = await deps.coaRule();
      const today = todayIn(clock.now());
      // One by one; each result is saved before the next file, so a retry resumes where it stopped.
      for (const [index, item] of items.entries()) {
        if (item.status !== 'PENDING') continue;
        let next: StoredCoaItem;
        try {
          const text = await coaText(await storage.read(item.key), item.extension);
          const cannabinoids = extractCannabinoidPercents(text);
          const violations = [
            delta9ThcViolation(cannabinoids.delta9Thc, rule.delta9ThcLimitPercent),
            coaAgeViolation(extractCoaTestDate(text), today, rule.maxCoaAgeDays),
          ].filter((violation): violation is string => violation !== null);
          next = { ...item, status: 'SUCCESS', message: null, cannabinoids, violations };
        } catch (error) {
          log(
            `documents.process-coas ${uploadId}: ${item.fileName} unreadable (${String(error).slice(0, 200)})`,
          );
          // A refused archive says why (its bounds, a nested archive); anything else stays generic.
          const { message, key, params } =
            error instanceof AppError
              ? (validationIssues(error.details)[0] ?? { message: error.message })
              : COMMON_REFUSALS.cannotUploadFile;
          next = {
            ...item,
            status: 'FAILED',
            message,
            ...(key ? { messageKey: key } : {}),
            ...(params ? { messageParams: params } : {}),
          };
        }
        items[index] = next;
        processed += 1;
        await repo.updateCoaUpload(uploadId, { items, processed });
        publish('PROCESSING');
      }
      await repo.updateCoaUpload(uploadId, { status: 'COMPLETED', items, processed });
      publish('COMPLETED');
    },
  });

  const expiryReminders = defineJob({
    name: 'documents.expiry-reminders',
    payload: z.object({}).loose(),
    policy: { retryLimit: 3, retryDelay: 15, retryBackoff: true, expireInSeconds: 1800 },
    // 13:00 UTC is the morning in New York, the platform's time zone (spec 3 §9).
    cron: '0 13 * * *',
    async handler() {
      const today = todayIn(clock.now());
      let sent = 0;
      for (const candidate of await repo.reminderCandidates()) {
        const { expirationDate } = candidate;
        const threshold = dueReminder(expirationDate, today, candidate.dayPriorNotify);
        if (!threshold || expirationDate === null) continue;
        // The primary key (version, threshold) makes a second run, or a retried one, send nothing.
        if (!(await repo.claimReminder(candidate.documentId, threshold))) continue;
        try {
          const recipients = await repo.ownerAndAdminEmails(candidate.companyId);
          // Each owner and admin reads it in the language they chose in the app, with the link to
          // the page where the new version is uploaded.
          for (const recipient of recipients) {
            const language = mailLanguage(recipient.language);
            const mail = renderMail(expiryReminderMail, language, {
              firstName: recipient.firstName,
              documentType: documentTypeText(language, {
                name: candidate.documentTypeName,
                seedKey: candidate.documentTypeSeedKey,
              }),
              expirationDate,
              expired: threshold === 'ON_EXPIRY',
              documentsUrl: `${deps.appUrl.replace(/\/+$/, '')}/documents`,
            });
            await deps.mailer.send({ to: recipient.email, ...mail });
          }
          sent += 1;
        } catch (error) {
          // Let the retry send it: the claim is only kept once the mail is queued.
          await repo.releaseReminder(candidate.documentId, threshold);
          throw error;
        }
      }
      if (sent > 0) log(`documents.expiry-reminders: ${sent} reminder(s) sent`);
    },
  });

  return { convert, processCoas, expiryReminders };
}
export type DocumentsJobs = ReturnType<typeof createDocumentsJobs>;
