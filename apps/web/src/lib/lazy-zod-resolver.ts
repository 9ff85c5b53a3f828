import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * keyedZodResolver over a shared domain schema that is loaded on first validation. Pages with a
 * first-load budget (sign-in) keep zod out of their initial JavaScript; the schema is still the one the
 * API uses, and its refusals show by their keys.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<z.ZodType>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('@/lib/keyed-zod-resolver'), loadSchema()]).then(
      ([{ keyedZodResolver }, schema]) =>
        keyedZodResolver(schema as z.ZodType<T, T>) as unknown as Resolver<T>,
    );
    const resolver = await loaded;
    return resolver(values, context, options);
  };
}
