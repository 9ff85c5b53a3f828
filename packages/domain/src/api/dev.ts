import { z } from 'zod';
import { QueryIntSchema, TextSchema } from '../schemas/common.ts';
import { MailMessageSchema } from '../schemas/mail.ts';
import { endpoint } from './endpoint.ts';

/**
 * The dev mailbox: mounted only when no SMTP server is configured and not in production, and read
 * only by a signed-in super admin. It holds every sign-up code and password-reset link, so anyone else
 * reading it could take over any account (issue 15).
 */
export const devMailbox = endpoint({
  method: 'GET',
  path: '/api/dev/mailbox',
  input: z.object({
    to: TextSchema.optional(),
    limit: QueryIntSchema.min(1).max(500).default(100),
  }),
  output: z.array(MailMessageSchema),
  access: 'user',
  tag: 'dev',
  summary: 'The development mailbox (super admin)',
  description:
    'Mail the app would have sent, newest last, when no SMTP server is configured: sign-up codes, reset links, receipts. Optionally for one address. Super admins only (FORBIDDEN otherwise); mounted only outside production.',
});
