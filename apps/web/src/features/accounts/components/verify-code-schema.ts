import { VerifySignUpCodeInputSchema } from '@trustleaf/domain/schemas/accounts';
import { z } from 'zod';

/** The six boxes of the email code dialog, read as the code the API checks (its own schema's rule). */
export const CodeFormSchema = z
  .object({ digits: z.array(z.string()) })
  .transform(({ digits }) => ({ signUpCode: digits.join('') }))
  .pipe(VerifySignUpCodeInputSchema.pick({ signUpCode: true }));

/** The boxes as the form holds them. */
export type CodeForm = z.input<typeof CodeFormSchema>;
/** The code the form sends, once the schema has read it. */
export type CodeFormValues = z.output<typeof CodeFormSchema>;
