// Reference data: roles, segments, business types, places and the product vocabulary.

import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const segments = pgTable('segments', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().unique(),
});

export const businessTypes = pgTable('business_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull().unique(),
  segmentIds: integer('segment_ids').array().notNull(),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const states = pgTable(
  'states',
  {
    country: text('country').notNull(),
    abbreviation: text('abbreviation').notNull(),
    name: text('name').notNull(),
    code: integer('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.abbreviation] })],
);

/** Product and service categories share one table; `kind` tells them apart. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['PRODUCT', 'SERVICE'] }).notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    /**
     * The seeded row's key in the seeded catalogue (reference/seeded-catalog): the app shows the name in
     * the reader's language while it is set. Null for a category a super admin created, and cleared when
     * one renames it.
     */
    seedKey: text('seed_key'),
  },
  // Spec 3 §5: a name is unique among its siblings (same kind and parent), whatever its case.
  (t) => [
    uniqueIndex('categories_sibling_name_unique').on(
      t.kind,
      sql`coalesce(${t.parentId}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const ingredients = pgTable('ingredients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** As categories.seed_key. */
  seedKey: text('seed_key'),
});

export const flavors = pgTable('flavors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** As categories.seed_key. */
  seedKey: text('seed_key'),
});
