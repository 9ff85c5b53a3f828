import { z } from 'zod';
import { TextSchema } from './common.ts';

export const MailMessageSchema = z.object({
  to: TextSchema,
  subject: TextSchema,
  text: TextSchema,
  html: TextSchema,
  createdAt: TextSchema,
});
export type MailMessage = z.infer<typeof MailMessageSchema>;
