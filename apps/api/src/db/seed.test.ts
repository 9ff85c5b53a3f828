import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/database-before.ts';
import { migrationsFolder } from '../runtime.ts';
import { createDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { businessTypes, categories, flavors, ingredients, segments } from './schema.ts';
import { seedReference } from './seed.ts';

describe('the reference seed', () => {
  it("runs on every start without adding rows again or undoing a super admin's renames and deletions", async () => {
    const target = await emptyDatabase('seed');
    const database = createDatabase(target.url, 2);
    const { db } = database;
    const rows = async () => ({
      categories: await db
        .select({
          id: categories.id,
          kind: categories.kind,
          name: categories.name,
          seedKey: categories.seedKey,
        })
        .from(categories)
        .orderBy(asc(categories.id)),
      ingredients: await db.select().from(ingredients).orderBy(asc(ingredients.id)),
      flavors: await db.select().from(flavors).orderBy(asc(flavors.id)),
      segments: await db.select().from(segments).orderBy(asc(segments.id)),
      businessTypes: await db.select().from(businessTypes).orderBy(asc(businessTypes.id)),
    });
    try {
      await runMigrations(database, migrationsFolder());
      await seedReference(db);
      const first = await rows();
      expect(first.categories.length).toBeGreaterThan(2);
      expect(first.ingredients.length).toBeGreaterThan(1);
      expect(first.flavors.length).toBeGreaterThan(1);
      expect(first.segments.length).toBeGreaterThan(1);
      expect(first.businessTypes.length).toBeGreaterThan(2);

      // A second start changes nothing.
      await seedReference(db);
      expect(await rows()).toEqual(first);

      // The super admin renames a category (the rename clears its seed key), deletes another, and
      // renames an ingredient and a flavour; the next start keeps all of it.
      const [renamed, deleted] = first.categories;
      await db
        .update(categories)
        .set({ name: 'Renamed by the admin', seedKey: null })
        .where(eq(categories.id, renamed!.id));
      await db.delete(categories).where(eq(categories.id, deleted!.id));
      await db
        .update(ingredients)
        .set({ name: 'Admin ingredient', seedKey: null })
        .where(eq(ingredients.id, first.ingredients[0]!.id));
      await db
        .update(flavors)
        .set({ name: 'Admin flavour', seedKey: null })
        .where(eq(flavors.id, first.flavors[0]!.id));
      // And a segment and a business type, and deletes another business type (none is in use yet).
      await db.update(segments).set({ name: 'Admin segment' }).where(eq(segments.id, first.segments[0]!.id));
      const [renamedType, deletedType] = first.businessTypes;
      await db.update(businessTypes).set({ name: 'Admin type' }).where(eq(businessTypes.id, renamedType!.id));
      await db.delete(businessTypes).where(eq(businessTypes.id, deletedType!.id));
      const edited = await rows();
      await seedReference(db);
      const after = await rows();
      expect(after).toEqual(edited);
      expect(after.categories.map((row) => row.name)).not.toContain(renamed!.name);
      expect(after.categories.map((row) => row.name)).not.toContain(deleted!.name);
      expect(after.segments[0]!.name).toBe('Admin segment');
      expect(after.businessTypes.map((row) => row.id)).not.toContain(deletedType!.id);
      expect(after.businessTypes.find((row) => row.id === renamedType!.id)?.name).toBe('Admin type');
    } finally {
      await database.close();
      await target.drop();
    }
  }, 60_000);
});
