import { GeneralInfoInputSchema, GeneralInfoSchema } from '../schemas/reference.ts';
import { endpoint } from './endpoint.ts';

/** Spec 3 §7 global data. Public: the sign-up form needs its lists before anyone is signed in. */
export const generalInfo = endpoint({
  method: 'POST',
  path: '/api/general/generalInfo',
  input: GeneralInfoInputSchema,
  output: GeneralInfoSchema,
  access: 'public',
  tag: 'general',
  summary: 'Global lists: roles, business types, categories, segments, countries, states',
  description:
    'The reference lists a form needs, by name in requestFields: roles, business types, categories, segments, countries and their states. Public, because the sign-up form shows them before anyone is signed in.',
});
