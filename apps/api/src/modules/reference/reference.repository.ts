import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businessTypes,
  categories,
  companies,
  companyDocuments,
  countries,
  documentTypes,
  flavors,
  ingredients,
  roles,
  segments,
  states,
} from '../../db/schema.ts';

export function createReferenceRepository(db: Db) {
  return {
    roles: () => db.select().from(roles).orderBy(asc(roles.id)),
    businessTypes: () => db.select().from(businessTypes).orderBy(asc(businessTypes.id)),
    segments: () => db.select().from(segments).orderBy(asc(segments.id)),
    categories: (kind: 'PRODUCT' | 'SERVICE') =>
      db
        .select({ id: categories.id, name: categories.name, seedKey: categories.seedKey })
        .from(categories)
        .where(eq(categories.kind, kind))
        .orderBy(asc(categories.name)),
    ingredients: () => db.select().from(ingredients).orderBy(asc(ingredients.name)),
    flavors: () => db.select().from(flavors).orderBy(asc(flavors.name)),
    countries: () => db.select().from(countries).orderBy(asc(countries.name)),
    states: () => db.select().from(states).orderBy(asc(states.country), asc(states.name)),

    // ---- reference data a super admin keeps ----
    allCategories: () =>
      db.select().from(categories).orderBy(asc(categories.kind), asc(categories.name), asc(categories.id)),
    findCategory: async (id: number) => (await db.select().from(categories).where(eq(categories.id, id)))[0],
    /** A sibling (same kind and parent) of that name whatever its case, other than `exceptId`. */
    siblingNamed: async (kind: 'PRODUCT' | 'SERVICE', parentId: number | null, name: string, exceptId = 0) =>
      (
        await db
          .select({ id: categories.id })
          .from(categories)
          .where(
            and(
              eq(categories.kind, kind),
              sql`coalesce(${categories.parentId}, 0) = ${parentId ?? 0}`,
              sql`lower(${categories.name}) = lower(${name})`,
              ne(categories.id, exceptId),
            ),
          )
      )[0],
    /** Whether `ancestorId` is `id` itself or one of its ancestors' chain reaches `id`. */
    isDescendantOrSelf: async (id: number, ancestorId: number) => {
      const result = await db.execute<{ found: boolean }>(sql`
        with recursive chain(id, parent_id) as (
          select id, parent_id from categories where id = ${ancestorId}
          union all
          select c.id, c.parent_id from categories c join chain on c.id = chain.parent_id
        )
        select exists(select 1 from chain where id = ${id}) as found`);
      return result.rows[0]?.found === true;
    },
    insertCategory: async (values: { kind: 'PRODUCT' | 'SERVICE'; name: string; parentId: number | null }) =>
      (await db.insert(categories).values(values).returning())[0]!,
    updateCategory: async (id: number, values: { name: string; parentId: number | null }) =>
      (
        await db
          .update(categories)
          // A renamed seeded category reads as the super admin typed it from now on.
          .set({
            ...values,
            seedKey: sql`case when ${categories.name} = ${values.name} then ${categories.seedKey} end`,
          })
          .where(eq(categories.id, id))
          .returning()
      )[0],
    hasChildCategories: async (id: number) =>
      (await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1))
        .length > 0,
    deleteCategory: async (id: number) =>
      (await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id })).length > 0,

    findBusinessType: async (id: number) =>
      (await db.select().from(businessTypes).where(eq(businessTypes.id, id)))[0],
    /** Ids are the seeded catalogue's numbers, so a new row takes the next one. */
    insertBusinessType: async (values: { name: string; type: string; segmentIds: number[] }) =>
      (
        await db
          .insert(businessTypes)
          .values({ id: sql`(select coalesce(max(id), 0) + 1 from business_types)`, ...values })
          .returning()
      )[0]!,
    updateBusinessType: async (id: number, values: { name: string; segmentIds: number[] }) =>
      (await db.update(businessTypes).set(values).where(eq(businessTypes.id, id)).returning())[0],
    businessTypeInUse: async (id: number) => {
      const result = await db.execute<{ used: boolean }>(sql`
        select exists(select 1 from ${companies} where business_type_id = ${id})
          or exists(select 1 from ${companyDocuments} where business_type_id = ${id})
          or exists(select 1 from ${documentTypes} where ${id} = any(business_type_ids)) as used`);
      return result.rows[0]?.used === true;
    },
    deleteBusinessType: async (id: number) =>
      (await db.delete(businessTypes).where(eq(businessTypes.id, id)).returning({ id: businessTypes.id }))
        .length > 0,

    findSegment: async (id: number) => (await db.select().from(segments).where(eq(segments.id, id)))[0],
    insertSegment: async (values: { name: string; type: string }) =>
      (
        await db
          .insert(segments)
          .values({ id: sql`(select coalesce(max(id), 0) + 1 from segments)`, ...values })
          .returning()
      )[0]!,
    updateSegment: async (id: number, name: string) =>
      (await db.update(segments).set({ name }).where(eq(segments.id, id)).returning())[0],
    segmentInUse: async (id: number) =>
      (
        await db
          .select({ id: businessTypes.id })
          .from(businessTypes)
          .where(sql`${id} = any(${businessTypes.segmentIds})`)
          .limit(1)
      ).length > 0,
    deleteSegment: async (id: number) =>
      (await db.delete(segments).where(eq(segments.id, id)).returning({ id: segments.id })).length > 0,
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
