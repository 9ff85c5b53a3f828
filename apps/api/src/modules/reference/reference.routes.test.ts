import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('generalInfo', () => {
  it('returns only the requested seeded lists', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/general/generalInfo',
      payload: {
        requestFields: [
          'roles',
          'businessTypes',
          'segments',
          'countries',
          'states',
          'doctypeClassifications',
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const { detail } = response.json();
    expect(detail.roles.map((r: { name: string }) => r.name)).toEqual([
      'Super Admin',
      'Company Owner',
      'Company Admin',
      'User',
      'Weak User',
    ]);
    expect(detail.businessTypes).toHaveLength(17);
    expect(
      detail.businessTypes.find((b: { type: string }) => b.type === 'PROCESSOR').plSegmentIds,
    ).not.toContain(1);
    expect(detail.segments.map((s: { type: string }) => s.type)).toEqual(
      expect.arrayContaining(['CANNABIS', 'HEMP']),
    );
    expect(detail.countries).toHaveLength(36);
    const us = detail.states.filter((s: { country: string }) => s.country === 'US');
    const ca = detail.states.filter((s: { country: string }) => s.country === 'CA');
    expect(us).toHaveLength(56);
    expect(ca).toHaveLength(13);
    expect(detail.doctypeClassifications).toEqual(['LICENSE', 'CERTIFICATION', 'GENERIC']);
    expect(detail).not.toHaveProperty('flavors');
  });

  it('refuses an unknown field with the field named', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/general/generalInfo',
      payload: { requestFields: ['secrets'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0]).toMatch(/^requestFields\.0: /);
  });
});
