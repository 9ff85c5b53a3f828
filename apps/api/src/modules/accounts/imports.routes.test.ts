import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories.ts';
import { adminScreenApp } from '../../../test/admin-screen.ts';

const screen = adminScreenApp();

const post = (url: string, payload: unknown, token: string) =>
  screen.t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

describe('prospect import', () => {
  it('reports a bad line by its line number in the file', async () => {
    const csv = [
      'Company Name,Contact Email',
      'Good Leaf Co,good@example.test',
      'Bad Email Co,not-an-email',
    ].join('\n');
    const started = await post('/api/company/importProspects', { csv }, screen.admin);
    expect(started.statusCode, started.body).toBe(200);
    const job = await post(
      '/api/company/getProspectImportJob',
      { jobId: started.json().detail.jobId },
      screen.admin,
    );
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().detail).toMatchObject({
      status: 'DONE',
      totalRows: 2,
      importedRows: 1,
      errors: [{ line: 3, messages: [expect.stringContaining('contactEmail')] }],
    });
  });

  it('refuses a non-super-admin with 403 on both calls', async () => {
    const started = await post('/api/company/importProspects', { csv: 'a\n1' }, screen.owner);
    expect(started.statusCode).toBe(403);
    const job = await post(
      '/api/company/getProspectImportJob',
      { jobId: '00000000-0000-4000-8000-000000000000' },
      screen.owner,
    );
    expect(job.statusCode).toBe(403);
  });

  it('answers bad input with a clear 4xx', async () => {
    const empty = await post('/api/company/importProspects', { csv: '' }, screen.admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages[0]).toContain('The CSV file is empty');
    expect(
      (await post('/api/company/getProspectImportJob', { jobId: 'nope' }, screen.admin)).statusCode,
    ).toBe(400);
    const unknown = await post(
      '/api/company/getProspectImportJob',
      { jobId: '00000000-0000-4000-8000-000000000000' },
      screen.admin,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });
});
