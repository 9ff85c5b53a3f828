import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  businessTypes,
  categories,
  countries,
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
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(eq(categories.kind, kind))
        .orderBy(asc(categories.name)),
    ingredients: () => db.select().from(ingredients).orderBy(asc(ingredients.name)),
    flavors: () => db.select().from(flavors).orderBy(asc(flavors.name)),
    countries: () => db.select().from(countries).orderBy(asc(countries.name)),
    states: () => db.select().from(states).orderBy(asc(states.country), asc(states.name)),
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
