import { describe, expect, it } from 'vitest';
import { bearer, createCompany } from '../../../test/factories.ts';
import { adminScreenApp } from '../../../test/admin-screen.ts';

const screen = adminScreenApp();

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return screen.t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await call(method, url, screen.admin, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail;
}

async function refused(
  response: Awaited<ReturnType<typeof call>>,
  status: number,
  code: string,
  message?: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().code).toBe(code);
  if (message) expect(response.json().messages[0]).toMatch(message);
}

describe('categories', () => {
  it('adds a product sub-category, unique among its siblings whatever the case, and lists it', async () => {
    const { categories } = await ok('GET', '/api/general/category');
    const root = categories.find(
      (c: { type: string; parentCategoryId: number | null }) => c.type === 'PRODUCT' && !c.parentCategoryId,
    );
    const added = await ok('POST', '/api/general/category', {
      type: 'PRODUCT',
      name: '  Gummies  ',
      parentCategoryId: root.plCategoryId,
    });
    expect(added).toMatchObject({ type: 'PRODUCT', name: 'Gummies', parentCategoryId: root.plCategoryId });
    await refused(
      await call('POST', '/api/general/category', screen.admin, {
        type: 'PRODUCT',
        name: 'GUMMIES',
        parentCategoryId: root.plCategoryId,
      }),
      409,
      'CONFLICT',
      'This Product Category already exists',
    );
    // The same name under another parent is a different sibling set.
    const other = categories.find(
      (c: { type: string; parentCategoryId: number | null; plCategoryId: number }) =>
        c.type === 'PRODUCT' && !c.parentCategoryId && c.plCategoryId !== root.plCategoryId,
    );
    await ok('POST', '/api/general/category', {
      type: 'PRODUCT',
      name: 'gummies',
      parentCategoryId: other.plCategoryId,
    });
    const listed = (await ok('GET', '/api/general/category')).categories;
    expect(listed.filter((c: { name: string }) => c.name.toLowerCase() === 'gummies')).toHaveLength(2);

    const renamed = await ok('PUT', '/api/general/category', {
      plCategoryId: added.plCategoryId,
      name: 'Chewables',
      parentCategoryId: root.plCategoryId,
    });
    expect(renamed.name).toBe('Chewables');
    // The parent now has a child: it cannot go, the child can.
    await refused(
      await call('DELETE', `/api/general/category?plCategoryId=${root.plCategoryId}`, screen.admin),
      409,
      'CONFLICT',
    );
    expect(await ok('DELETE', `/api/general/category?plCategoryId=${added.plCategoryId}`)).toEqual({
      plCategoryId: added.plCategoryId,
    });
    await refused(
      await call('DELETE', `/api/general/category?plCategoryId=${added.plCategoryId}`, screen.admin),
      404,
      'NOT_FOUND',
    );
  });

  it('requires a parent for a product category, not for a service category', async () => {
    await refused(
      await call('POST', '/api/general/category', screen.admin, { type: 'PRODUCT', name: 'Orphans' }),
      400,
      'VALIDATION_FAILED',
      /parent category is required/,
    );
    const service = await ok('POST', '/api/general/category', { type: 'SERVICE', name: 'Courier' });
    expect(service.parentCategoryId).toBeNull();
    await refused(
      await call('POST', '/api/general/category', screen.admin, {
        type: 'PRODUCT',
        name: 'Mixed',
        parentCategoryId: service.plCategoryId,
      }),
      404,
      'NOT_FOUND',
    );
    const child = await ok('POST', '/api/general/category', {
      type: 'SERVICE',
      name: 'Same-day',
      parentCategoryId: service.plCategoryId,
    });
    await refused(
      await call('PUT', '/api/general/category', screen.admin, {
        plCategoryId: service.plCategoryId,
        name: 'Courier',
        parentCategoryId: child.plCategoryId,
      }),
      400,
      'VALIDATION_FAILED',
      /under itself/,
    );
  });

  it.each([
    [{ type: 'SERVICE', name: 'x'.repeat(101) }, /Maximum 100 characters/],
    [{ type: 'SERVICE', name: '   ' }, /required/],
    [{ type: 'GADGET', name: 'Gadgets' }, /type/],
    [{ type: 'SERVICE', name: 'Fine', parentCategoryId: 'one' }, /parentCategoryId/],
  ])('refuses bad input with a 400 (%j)', async (payload, message) => {
    await refused(
      await call('POST', '/api/general/category', screen.admin, payload),
      400,
      'VALIDATION_FAILED',
      message,
    );
  });

  it('refuses a bad id in the query with a 400', async () => {
    await refused(
      await call('DELETE', '/api/general/category?plCategoryId=abc', screen.admin),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('business types and segments', () => {
  it('adds, renames and deletes a segment and a business type in it, refusing deletes while in use', async () => {
    const segment = await ok('POST', '/api/general/segment', { name: 'Psilocybin' });
    expect(segment).toMatchObject({ name: 'Psilocybin', type: 'PSILOCYBIN' });
    await refused(
      await call('POST', '/api/general/segment', screen.admin, { name: 'psilocybin' }),
      409,
      'CONFLICT',
      'This Segment already exists',
    );
    const type = await ok('POST', '/api/general/businessType', {
      name: 'Spore Bank',
      plSegmentIds: [segment.plSegmentId, segment.plSegmentId],
    });
    expect(type).toMatchObject({
      name: 'Spore Bank',
      type: 'SPORE_BANK',
      plSegmentIds: [segment.plSegmentId],
    });
    const info = await screen.t.app.inject({
      method: 'POST',
      url: '/api/general/generalInfo',
      payload: { requestFields: ['businessTypes', 'segments'] },
    });
    expect(info.json().detail.businessTypes.map((b: { type: string }) => b.type)).toContain('SPORE_BANK');

    await refused(
      await call('DELETE', `/api/general/segment?plSegmentId=${segment.plSegmentId}`, screen.admin),
      409,
      'CONFLICT',
    );
    const renamed = await ok('PUT', '/api/general/businessType', {
      plBusinessTypeId: type.plBusinessTypeId,
      name: 'Spore Library',
      plSegmentIds: [],
    });
    expect(renamed).toMatchObject({ name: 'Spore Library', type: 'SPORE_BANK', plSegmentIds: [] });
    await ok('PUT', '/api/general/segment', { plSegmentId: segment.plSegmentId, name: 'Mushrooms' });
    await ok('DELETE', `/api/general/segment?plSegmentId=${segment.plSegmentId}`);

    const company = await createCompany(screen.t.database.db, { businessTypeId: type.plBusinessTypeId });
    expect(company.businessTypeId).toBe(type.plBusinessTypeId);
    await refused(
      await call(
        'DELETE',
        `/api/general/businessType?plBusinessTypeId=${type.plBusinessTypeId}`,
        screen.admin,
      ),
      409,
      'CONFLICT',
    );
    const unused = await ok('POST', '/api/general/businessType', { name: 'Tester', plSegmentIds: [1] });
    await ok('DELETE', `/api/general/businessType?plBusinessTypeId=${unused.plBusinessTypeId}`);
    const { businessTypes } = await ok('GET', '/api/general/businessType');
    expect(businessTypes.map((b: { type: string }) => b.type)).not.toContain('TESTER');
  });

  it('refuses an unknown segment, an unknown id and bad input', async () => {
    await refused(
      await call('POST', '/api/general/businessType', screen.admin, { name: 'Ghost', plSegmentIds: [9999] }),
      404,
      'NOT_FOUND',
    );
    await refused(
      await call('PUT', '/api/general/segment', screen.admin, { plSegmentId: 99999, name: 'Nothing' }),
      404,
      'NOT_FOUND',
    );
    await refused(
      await call('POST', '/api/general/businessType', screen.admin, {
        name: 'x'.repeat(101),
        plSegmentIds: [],
      }),
      400,
      'VALIDATION_FAILED',
      /Maximum 100 characters/,
    );
    await refused(
      await call('POST', '/api/general/segment', screen.admin, { name: '---' }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('role refusal', () => {
  it.each([
    ['GET', '/api/general/category', undefined],
    ['POST', '/api/general/category', { type: 'SERVICE', name: 'Sneaky' }],
    ['PUT', '/api/general/category', { plCategoryId: 1, name: 'Sneaky' }],
    ['DELETE', '/api/general/category?plCategoryId=1', undefined],
    ['POST', '/api/general/businessType', { name: 'Sneaky', plSegmentIds: [] }],
    ['PUT', '/api/general/businessType', { plBusinessTypeId: 1, name: 'Sneaky', plSegmentIds: [] }],
    ['DELETE', '/api/general/businessType?plBusinessTypeId=1', undefined],
    ['POST', '/api/general/segment', { name: 'Sneaky' }],
    ['PUT', '/api/general/segment', { plSegmentId: 1, name: 'Sneaky' }],
    ['DELETE', '/api/general/segment?plSegmentId=1', undefined],
  ] as const)('%s %s is 403 for a company owner', async (method, url, payload) => {
    await refused(await call(method, url, screen.owner, payload), 403, 'FORBIDDEN');
  });

  it('lets any signed-in user read business types and segments', async () => {
    expect((await call('GET', '/api/general/businessType', screen.owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/general/segment', screen.owner)).statusCode).toBe(200);
  });
});
