import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config/env.ts';
import { readyBanner, startBanner } from './runtime.ts';

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

describe('what the server says once it listens', () => {
  const accounts = [
    { email: 'admin@trustleaf.local', role: 'Super Admin', company: 'Trustleaf', password: 'Xy7-generated' },
    { email: 'owner@greenvalley.example', role: 'Company Owner', company: 'Green Valley Hemp Co.' },
  ];

  it('gives the address, each account with its role and company, and a password only when just created', () => {
    const text = readyBanner('http://localhost:3000', accounts, EnvSchema.parse({})).join('\n');
    expect(text).toContain('Trustleaf is ready: open http://localhost:3000');
    expect(text).toMatch(/admin@trustleaf\.local {6}Super Admin {4}Trustleaf {14}password Xy7-generated/);
    expect(text).toMatch(
      /owner@greenvalley\.example {2}Company Owner {2}Green Valley Hemp Co\. {2}password as set before/,
    );
    expect(text).toContain('then the link in the dev mailbox');
    expect(text).toContain('http://localhost:3000/demo-site/: scan it from the Webcrawler');
  });

  it('names no demo company when the demo is not seeded', () => {
    const text = readyBanner(
      'https://app.example.com',
      accounts.slice(0, 1),
      EnvSchema.parse({ SEED_DEMO: 'false' }),
    );
    expect(text.join('\n')).not.toContain('demo');
    expect(text.join('\n')).not.toContain('Forgot password');
  });
});
