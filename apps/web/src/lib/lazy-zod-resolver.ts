import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * keyedZodResolver over a shared domain schema that is loaded on first validation. Pages with a
 * first-load budget (sign-in) or a written-out page to take over (sign-up) keep zod out of their initial
 * JavaScript; the schema is still the one the API uses, and its refusals show by their keys. `Out` is what
 * the schema gives when it transforms the values (the form's submit handler receives it).
 */
export function lazyZodResolver<T extends FieldValues, Out = T>(
  loadSchema: () => Promise<z.ZodType>,
): Resolver<T, unknown, Out> {
  let loaded: Promise<Resolver<T, unknown, Out>> | null = null;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('@/lib/keyed-zod-resolver'), loadSchema()]).then(
      ([{ keyedZodResolver }, schema]) => keyedZodResolver(schema as z.ZodType<Out, T>),
    );
    const resolver = await loaded;
    return resolver(values, context, options);
  };
}
