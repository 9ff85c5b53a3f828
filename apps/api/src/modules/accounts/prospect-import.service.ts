import { SEGMENTS } from '@trustleaf/domain/reference/company-types';
import { ProspectCsvRowSchema } from '@trustleaf/domain/schemas/accounts';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Clock } from '../../lib/clock.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import { claimHash, newClaimCode } from './claim-code.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { businessTypeId } from './accounts.service.ts';

export interface ProspectImporterDeps {
  repo: AccountsRepository;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
}

/** The prospect import job's work: CSV rows become prospects, each with a claim code mailed to its contact. */
export function createProspectImporter(deps: ProspectImporterDeps) {
  const { repo, clock, mailer } = deps;
  /**
   * The import job's work: good rows become prospects with a claim code emailed to their contact, bad
   * rows are reported by line. One transaction marks the job DONE, so a redelivered job does nothing.
   */
  return async function runProspectImport(jobId: string): Promise<void> {
    const job = await repo.findImportJob(jobId);
    if (!job || job.status === 'DONE' || job.status === 'FAILED') return;
    let records: { record: Record<string, string>; line: number }[];
    try {
      // csv-parse's `info` option changes the record shape, which its typings do not follow.
      const parsed: unknown = parseCsv(job.csv, {
        columns: (header: string[]) =>
          header.map((name) => HEADER_ALIASES[headerKey(name)] ?? headerKey(name)),
        skip_empty_lines: true,
        trim: true,
        bom: true,
        relax_column_count: true,
        info: true,
      });
      records = (parsed as { record: Record<string, string>; info: { lines: number } }[]).map((entry) => ({
        record: entry.record,
        line: entry.info.lines,
      }));
    } catch (error) {
      const line = (error as { lines?: number }).lines ?? 1;
      await repo.updateImportJob(jobId, {
        status: 'FAILED',
        errors: [{ line, messages: [`The CSV file could not be read: ${(error as Error).message}`] }],
        finishedAt: clock.now(),
      });
      return;
    }
    // The rows to read are known now: the import screen's progress bar counts against them.
    await repo.updateImportJob(jobId, { status: 'RUNNING', totalRows: records.length });
    const invitations: { email: string; firstName: string; companyName: string; code: string }[] = [];
    await repo.transaction(async (tx) => {
      const errors: { line: number; messages: string[] }[] = [];
      for (const { record, line } of records) {
        const row = ProspectCsvRowSchema.safeParse(record);
        const segmentIds = segmentIdsOf(row.success ? row.data.segments : '');
        if (!row.success || segmentIds === null) {
          const messages = row.success
            ? []
            : row.error.issues.map((issue) => `${issue.path.join('.') || 'row'}: ${issue.message}`);
          if (segmentIds === null) messages.push('segments: Unknown segment');
          errors.push({ line, messages });
          continue;
        }
        const data = row.data;
        const company = await tx.insertCompany({
          name: data.companyName,
          kind: 'PROSPECT',
          businessTypeId: data.companyType ? businessTypeId(data.companyType) : null,
          address: data.address || null,
          city: data.city || null,
          state: data.state || null,
          zip: data.zip || null,
          country: data.country || null,
          createdAt: clock.now(),
        });
        const code = newClaimCode();
        await tx.insertProspect({
          companyId: company.id,
          claimCodeHash: claimHash(code),
          contactFirstName: data.contactFirstName,
          contactLastName: data.contactLastName,
          contactEmail: data.contactEmail,
          contactPhone: data.contactPhone,
          segmentIds,
          importJobId: jobId,
        });
        invitations.push({
          email: data.contactEmail,
          firstName: data.contactFirstName,
          companyName: data.companyName,
          code,
        });
      }
      await tx.updateImportJob(jobId, {
        status: 'DONE',
        totalRows: records.length,
        importedRows: invitations.length,
        errors,
        finishedAt: clock.now(),
      });
    });
    // After the commit: a crash here loses invitation emails, never duplicates prospects.
    for (const invitation of invitations) {
      const link = `${deps.appUrl}/auth/sign-up?claimCode=${encodeURIComponent(invitation.code)}`;
      await mailer.send({
        to: invitation.email,
        subject: `Claim ${invitation.companyName} on Trustleaf`,
        text: `Hello ${invitation.firstName || 'there'},\n\n${invitation.companyName} has a profile waiting on Trustleaf. Your claim code is ${invitation.code}.\nClaim it here: ${link}`,
        html: `<p>Hello ${escapeHtml(invitation.firstName || 'there')},</p><p>${escapeHtml(invitation.companyName)} has a profile waiting on Trustleaf. Your claim code is <strong>${invitation.code}</strong>.</p><p><a href="${escapeHtml(link)}">Claim your company</a></p>`,
      });
    }
  };
}

const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
const HEADER_ALIASES: Record<string, string> = {
  companyname: 'companyName',
  name: 'companyName',
  companytype: 'companyType',
  typeofcompany: 'companyType',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  zipcode: 'zip',
  country: 'country',
  segments: 'segments',
  segment: 'segments',
  contactfirstname: 'contactFirstName',
  firstname: 'contactFirstName',
  contactlastname: 'contactLastName',
  lastname: 'contactLastName',
  contactemail: 'contactEmail',
  email: 'contactEmail',
  contactphone: 'contactPhone',
  phone: 'contactPhone',
};

/** "Cannabis; Hemp" → [1, 2]; null when a name is unknown. */
function segmentIdsOf(value: string): number[] | null {
  const names = value
    .split(/[;|,]/)
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const ids: number[] = [];
  for (const name of names) {
    const segment = SEGMENTS.find(
      (entry) => entry.name.toLowerCase() === name || entry.type.toLowerCase() === name,
    );
    if (!segment) return null;
    ids.push(segment.id);
  }
  return ids;
}
