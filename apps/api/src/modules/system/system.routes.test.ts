import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemSettings } from '../../db/schema.ts';
import { bearer } from '../../../test/factories.ts';
import { adminScreenApp } from '../../../test/admin-screen.ts';

const screen = adminScreenApp();

const update = (token: string, payload: unknown) =>
  screen.t.app.inject({
    method: 'POST',
    url: '/api/system/updateSystemSetting',
    headers: bearer(token),
    payload: payload as object,
  });
const get = (token: string, url: string) =>
  screen.t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('system settings', () => {
  it('reads every key with its default until a super admin sets it', async () => {
    const response = await get(screen.admin, '/api/system/systemSettings');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().detail).toEqual({
      alert_repetition_interval: 'WEEKLY',
      expiration_timeframe: { amount: 30, unit: 'DAY' },
      system_status: { status: 'ready', note: '', until: null },
      qcomply_assistant_recommended_questions: [],
      violation_phrase: [],
      coa_validation_rule: { delta9ThcLimitPercent: 0.3, maxCoaAgeDays: 365 },
    });
  });

  it('writes each key and answers every setting; phrase lists are trimmed and kept once', async () => {
    const writes = [
      { key: 'alert_repetition_interval', value: 'MONTHLY' },
      { key: 'expiration_timeframe', value: { amount: 2, unit: 'WEEK' } },
      { key: 'qcomply_assistant_recommended_questions', value: [' What is a COA? ', ''] },
      { key: 'violation_phrase', value: ['  Miracle Cure ', 'miracle cure', '', 'moon tonic'] },
      { key: 'coa_validation_rule', value: { delta9ThcLimitPercent: 0.25, maxCoaAgeDays: 180 } },
    ];
    for (const payload of writes) {
      const response = await update(screen.admin, payload);
      expect(response.statusCode, response.body).toBe(200);
    }
    const settings = (await get(screen.admin, '/api/system/systemSettings')).json().detail;
    expect(settings).toMatchObject({
      alert_repetition_interval: 'MONTHLY',
      expiration_timeframe: { amount: 2, unit: 'WEEK' },
      qcomply_assistant_recommended_questions: ['What is a COA?'],
      violation_phrase: ['Miracle Cure', 'moon tonic'],
      coa_validation_rule: { delta9ThcLimitPercent: 0.25, maxCoaAgeDays: 180 },
    });
  });

  it('shows the maintenance status to every signed-in user, and only to signed-in users', async () => {
    const until = '2026-12-01T18:00:00.000Z';
    const set = await update(screen.admin, {
      key: 'system_status',
      value: { status: 'maintenance_in_progress', note: 'Database upgrade', until },
    });
    expect(set.statusCode, set.body).toBe(200);
    const seen = await get(screen.owner, '/api/system/systemStatus');
    expect(seen.statusCode).toBe(200);
    expect(seen.json().detail).toEqual({
      status: 'maintenance_in_progress',
      note: 'Database upgrade',
      until,
    });
    expect((await screen.t.app.inject({ method: 'GET', url: '/api/system/systemStatus' })).statusCode).toBe(
      401,
    );
    await update(screen.admin, {
      key: 'system_status',
      value: { status: 'ready', note: '', until: null },
    });
    expect((await get(screen.owner, '/api/system/systemStatus')).json().detail.status).toBe('ready');
  });

  it("takes spec 3 §4's statuses, bare or with no note, and the earlier OPERATIONAL and MAINTENANCE", async () => {
    const cases: [unknown, string][] = [
      ['maintenance_completed', 'maintenance_completed'],
      [{ status: 'maintenance_in_progress' }, 'maintenance_in_progress'],
      ['READY', 'ready'],
      [{ status: 'MAINTENANCE', note: '', until: null }, 'maintenance_in_progress'],
      [{ status: 'OPERATIONAL', note: '', until: null }, 'ready'],
    ];
    for (const [value, status] of cases) {
      const set = await update(screen.admin, { key: 'system_status', value });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().detail.system_status).toEqual({ status, note: '', until: null });
    }
    await screen.t.database.db
      .update(systemSettings)
      .set({ value: { status: 'MAINTENANCE', note: 'Stored before', until: null } })
      .where(eq(systemSettings.key, 'system_status'));
    expect((await get(screen.owner, '/api/system/systemStatus')).json().detail).toEqual({
      status: 'maintenance_in_progress',
      note: 'Stored before',
      until: null,
    });
    for (const value of ['constructor', { status: 'down' }, 42]) {
      const refused = await update(screen.admin, { key: 'system_status', value });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses anyone but a super admin with 403', async () => {
    const read = await get(screen.owner, '/api/system/systemSettings');
    expect(read.statusCode).toBe(403);
    expect(read.json().code).toBe('FORBIDDEN');
    const write = await update(screen.owner, { key: 'violation_phrase', value: ['sneaky'] });
    expect(write.statusCode).toBe(403);
    expect(
      (await get(screen.admin, '/api/system/systemSettings')).json().detail.violation_phrase,
    ).not.toContain('sneaky');
  });

  it.each([
    [{ key: 'unknown_key', value: 1 }, /key/],
    [{ key: 'alert_repetition_interval', value: 'HOURLY' }, /value/],
    [{ key: 'coa_validation_rule', value: { delta9ThcLimitPercent: 101, maxCoaAgeDays: 10 } }, /0-100/],
    [{ key: 'coa_validation_rule', value: { delta9ThcLimitPercent: 0.3, maxCoaAgeDays: 0 } }, /at least 1/],
    [{ key: 'violation_phrase', value: ['x'.repeat(101)] }, /Maximum 100 characters/],
    [{ key: 'system_status', value: { status: 'MAINTENANCE', note: '', until: 'tomorrow' } }, /until/],
    [{ key: 'expiration_timeframe', value: { amount: 1.5, unit: 'DAY' } }, /whole number/],
  ])('refuses a bad value with a 400 naming it (%j)', async (payload, message) => {
    const response = await update(screen.admin, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().messages.join(' ')).toMatch(message);
  });

  it("refuses a value past a limit by its key, with the limit for the reader's text", async () => {
    const response = await update(screen.admin, { key: 'violation_phrase', value: ['x'.repeat(101)] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details.issues).toEqual([
      {
        field: 'value.0',
        message: 'Maximum 100 characters',
        key: 'system.messages.tooLong',
        params: { max: 100 },
      },
    ]);
  });
});
