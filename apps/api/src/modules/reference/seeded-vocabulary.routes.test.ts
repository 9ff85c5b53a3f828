import {
  SEEDED_FLAVORS,
  SEEDED_INGREDIENTS,
  SEEDED_PRODUCT_CATEGORIES,
  SEEDED_SERVICE_CATEGORIES,
} from '@trustleaf/domain/reference/seeded-catalog';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { migrationsFolder } from '../../runtime.ts';
import { adminScreenApp } from '../../../test/admin-screen.ts';
import { bearer } from '../../../test/factories.ts';
import { databaseBefore } from '../../../test/database-before.ts';

/**
 * The seeded product vocabulary (categories, ingredients, flavours) carries its seed key, by which the
 * app shows it in the reader's language, until a super admin renames a row; rows they create have none.
 */
const screen = adminScreenApp();

interface Entry {
  id: number;
  name: string;
  seedKey?: string | null;
}
interface Category {
  plCategoryId: number;
  type: 'PRODUCT' | 'SERVICE';
  name: string;
  parentCategoryId: number | null;
  seedKey?: string | null;
}

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await screen.t.app.inject({
    method,
    url,
    headers: bearer(screen.admin),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail;
}
const byKey = (rows: Entry[]) => Object.fromEntries(rows.map((row) => [row.seedKey, row.name]));

describe('the seeded product vocabulary', () => {
  it('is listed with its keys beside the stored English names', async () => {
    const lists = await call('POST', '/api/general/generalInfo', {
      requestFields: ['productCategories', 'serviceCategories', 'ingredients', 'flavors'],
    });
    expect(byKey(lists.productCategories)).toEqual(SEEDED_PRODUCT_CATEGORIES);
    expect(byKey(lists.serviceCategories)).toEqual(SEEDED_SERVICE_CATEGORIES);
    expect(byKey(lists.ingredients)).toEqual(SEEDED_INGREDIENTS);
    expect(byKey(lists.flavors)).toEqual(SEEDED_FLAVORS);
  });

  it('keeps a category’s key when it moves, loses it when renamed; a created one has none', async () => {
    const listing = async (): Promise<Category[]> => (await call('GET', '/api/general/category')).categories;
    const before = await listing();
    const flower = before.find((c) => c.seedKey === 'flower')!;
    const vapes = before.find((c) => c.seedKey === 'vapes')!;
    const testing = before.find((c) => c.seedKey === 'testing')!;
    expect(flower).toMatchObject({ type: 'PRODUCT', name: 'Flower', parentCategoryId: null });

    const created = await call('POST', '/api/general/category', {
      type: 'PRODUCT',
      name: 'Gummies',
      parentCategoryId: flower.plCategoryId,
    });
    expect(created.seedKey).toBeNull();
    // Moved under another category with its name as it was: still the seed's words.
    const moved = await call('PUT', '/api/general/category', {
      plCategoryId: vapes.plCategoryId,
      name: 'Vapes',
      parentCategoryId: flower.plCategoryId,
    });
    expect(moved).toMatchObject({ name: 'Vapes', seedKey: 'vapes' });
    const renamed = await call('PUT', '/api/general/category', {
      plCategoryId: testing.plCategoryId,
      name: 'Lab testing',
      parentCategoryId: null,
    });
    expect(renamed).toMatchObject({ name: 'Lab testing', seedKey: null });

    const after = await listing();
    expect(after.find((c) => c.plCategoryId === testing.plCategoryId)).toMatchObject({ seedKey: null });
    expect(after.find((c) => c.plCategoryId === vapes.plCategoryId)).toMatchObject({ seedKey: 'vapes' });
    const lists = await call('POST', '/api/general/generalInfo', { requestFields: ['serviceCategories'] });
    expect(lists.serviceCategories.find((c: Entry) => c.id === testing.plCategoryId)).toEqual({
      id: testing.plCategoryId,
      name: 'Lab testing',
      seedKey: null,
    });
  });
});

describe('migration 0039 on a database seeded before the vocabulary’s seed keys', () => {
  it('keys the rows that still read as seeded, and leaves renamed, created and nested rows without', async () => {
    // The migrations up to 0038: the database as it was before this change.
    const { database, close } = await databaseBefore('0039_', 'vocabkeys');
    try {
      const { pool } = database;
      await pool.query(
        `insert into categories (id, kind, name, parent_id) values
           (1, 'PRODUCT', 'Flower', null), (2, 'PRODUCT', 'Buds', null), (3, 'SERVICE', 'Testing', null),
           (4, 'PRODUCT', 'Testing', null), (5, 'PRODUCT', 'Edibles', 1)`,
      );
      await pool.query(`insert into ingredients (name) values ('MCT oil'), ('Hemp oil')`);
      await pool.query(`insert into flavors (name) values ('Mint'), ('Peach')`);
      await runMigrations(database, migrationsFolder());

      const categories = await pool.query<{ name: string; seed_key: string | null }>(
        'select name, seed_key from categories order by id',
      );
      expect(categories.rows).toEqual([
        { name: 'Flower', seed_key: 'flower' },
        // Renamed by a super admin before the key existed: read as typed.
        { name: 'Buds', seed_key: null },
        { name: 'Testing', seed_key: 'testing' },
        // A seeded name of the other kind, and one under a parent: a super admin's.
        { name: 'Testing', seed_key: null },
        { name: 'Edibles', seed_key: null },
      ]);
      const ingredients = await pool.query('select name, seed_key from ingredients order by id');
      expect(ingredients.rows).toEqual([
        { name: 'MCT oil', seed_key: 'mctOil' },
        { name: 'Hemp oil', seed_key: null },
      ]);
      const flavors = await pool.query('select name, seed_key from flavors order by id');
      expect(flavors.rows).toEqual([
        { name: 'Mint', seed_key: 'mint' },
        { name: 'Peach', seed_key: null },
      ]);
    } finally {
      await close();
    }
  }, 60_000);
});
