import { z } from 'zod';
import { LANGUAGES } from '../rules/themes.ts';
import { endpoint } from './endpoint.ts';

export const UpdateLanguageInputSchema = z.object({ language: z.enum(LANGUAGES) });

/** The signed-in user's language, which the emails sent to them are written in. */
export const updateLanguage = endpoint({
  method: 'POST',
  path: '/api/user/updateLanguage',
  input: UpdateLanguageInputSchema,
  output: UpdateLanguageInputSchema,
  access: 'user',
  tag: 'user',
  summary: 'Set the language of the emails the signed-in user receives',
  description:
    'Stores the signed-in user’s language (en, fr, de or nl); every email sent to them afterwards (receipts, reminders, scan alerts) is written in it.',
});
