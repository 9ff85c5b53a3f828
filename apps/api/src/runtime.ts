import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from './config/env.ts';
import { createDatabase, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { seedAdmin, seedDemo, seedReference, type SeededAccount } from './db/seed.ts';
import { createSmtpTransport, type MailTransport } from './lib/mailer.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Migrations sit beside the source in development and are copied beside the bundle by the build. */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`migrations not found near ${here}`);
  return found;
}

export function releaseDate(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(here, '../package.json'), 'utf8')) as {
      releaseDate?: string;
    };
    return pkg.releaseDate ?? '2026-11-22';
  } catch {
    return '2026-11-22';
  }
}

/** Where mail goes, naming the SMTP server without its credentials. */
function mailDestination(env: Env, appUrl: string): string {
  if (env.SMTP_URL) {
    let server = 'the SMTP server in SMTP_URL';
    try {
      const url = new URL(env.SMTP_URL);
      server = `SMTP server ${url.hostname}${url.port ? `:${url.port}` : ''}`;
    } catch {
      // An unparsable URL is reported by the transport when it first sends.
    }
    return `Mail is sent through the ${server}.`;
  }
  return env.NODE_ENV === 'production'
    ? 'Mail is not sent (no SMTP_URL): it stays in the mail_outbox table.'
    : `Mail is not sent (no SMTP_URL): it stays in the outbox, readable by a signed-in super admin at ${appUrl}/dev/mailbox.`;
}

/**
 * What `npm start` says first (issue 15): a development server is not for production (it signs with
 * a generated secret and serves the dev mailbox and billing test controls), and where mail goes.
 */
export function startBanner(env: Env, appUrl: string): string[] {
  const lines: string[] = [];
  if (env.NODE_ENV !== 'production') {
    lines.push(
      `This is a development server (NODE_ENV=${env.NODE_ENV}), not for production: set NODE_ENV=production and JWT_SECRET there.`,
    );
    if (env.HOST === '0.0.0.0' || env.HOST === '::')
      lines.push(
        `It listens on every network interface (HOST=${env.HOST}); HOST=127.0.0.1 keeps it on this machine.`,
      );
  }
  lines.push(mailDestination(env, appUrl));
  return lines;
}

/**
 * What the server says once it listens: the address to open, every seeded account with its role and
 * company, and where a new user starts. Passwords are printed only when an account is created.
 */
export function readyBanner(appUrl: string, accounts: SeededAccount[], env: Env): string[] {
  const lines = [`Trustleaf is ready: open ${appUrl}`];
  if (accounts.length === 0) return lines;
  const width = (pick: (a: SeededAccount) => string) => Math.max(...accounts.map((a) => pick(a).length));
  const [emailWidth, roleWidth, companyWidth] = [
    width((a) => a.email),
    width((a) => a.role),
    width((a) => a.company),
  ];
  lines.push('', 'Accounts to sign in with:');
  for (const account of accounts) {
    const password = account.password ? `password ${account.password}` : 'password as set before';
    lines.push(
      `  ${account.email.padEnd(emailWidth)}  ${account.role.padEnd(roleWidth)}  ${account.company.padEnd(companyWidth)}  ${password}`,
    );
  }
  if (accounts.some((a) => !a.password))
    lines.push(
      'Passwords are printed only when an account is created. A forgotten one: "Forgot password?" on the sign-in page,',
      env.SMTP_URL
        ? 'then the link in the email.'
        : 'then the link in the dev mailbox (read by the super admin), or start on an empty DATA_DIR.',
    );
  if (env.SEED_DEMO)
    lines.push(
      '',
      `The demo website is ${new URL('/demo-site/', appUrl).href}: scan it from the Webcrawler to see a report.`,
      "The demo company's vault opens with a plan: subscribe under Billing with the sandbox card 4111 1111 1111 1111.",
    );
  return lines;
}

export interface Runtime {
  url: string;
  database: Database;
  embedded: EmbeddedServer | null;
  mailTransport: MailTransport | null;
  tokenSecret: string;
  close(): Promise<void>;
}

async function tokenSecret(env: Env): Promise<string> {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set in production');
  // Development keeps a generated secret in the data folder so sessions survive restarts.
  const file = path.resolve(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** env → database (embedded unless DATABASE_URL) → migrations → seed. Shared by server and worker. */
export async function startRuntime(
  env: Env,
  log: (message: string) => void,
  options: { migrate: boolean; seed: boolean; ownsDatabase: boolean },
): Promise<Runtime & { seeded: SeededAccount[] }> {
  let embedded: EmbeddedServer | null = null;
  let url = env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(env.DATA_DIR, 'pg'),
      port: env.EMBEDDED_PG_PORT,
      database: 'trustleaf',
      stopReused: options.ownsDatabase,
      log,
    });
    url = embedded.url;
  }
  const database = createDatabase(url, env.DB_POOL_SIZE);
  const seeded: SeededAccount[] = [];
  if (options.migrate) await runMigrations(database, migrationsFolder());
  if (options.seed) {
    await seedReference(database.db);
    seeded.push(await seedAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }));
    if (env.SEED_DEMO) seeded.push(...(await seedDemo(database.db)));
  }
  return {
    url,
    database,
    embedded,
    seeded,
    mailTransport: env.SMTP_URL ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM) : null,
    tokenSecret: await tokenSecret(env),
    async close() {
      await database.close();
      await embedded?.stop();
    },
  };
}
