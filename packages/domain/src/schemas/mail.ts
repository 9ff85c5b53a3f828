import { z } from 'zod';

export const MailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;
