import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config/env.ts';
import { startBanner } from './runtime.ts';

const banner = (env: Record<string, string>) =>
  startBanner(EnvSchema.parse(env), 'http://localhost:3000').join('\n');

describe('what the server says at start', () => {
  it('says a default start is a development server on every interface, with mail in the dev mailbox', () => {
    const text = banner({});
    expect(text).toContain('This is a development server (NODE_ENV=development), not for production');
    expect(text).toContain('It listens on every network interface (HOST=0.0.0.0)');
    expect(text).toContain(
      'Mail is not sent (no SMTP_URL): it stays in the outbox, readable by a signed-in super admin at http://localhost:3000/dev/mailbox.',
    );
  });

  it('names the SMTP server without its credentials, and says nothing of development in production', () => {
    const text = banner({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      SMTP_URL: 'smtp://mailer:s3cret-pass@smtp.example.com:587',
    });
    expect(text).toBe('Mail is sent through the SMTP server smtp.example.com:587.');
    expect(banner({ NODE_ENV: 'production' })).toBe(
      'Mail is not sent (no SMTP_URL): it stays in the mail_outbox table.',
    );
  });
});
