import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

const booleanish = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

/**
 * PostgreSQL connections per process when `DB_POOL_SIZE` is unset: two per core of this machine and
 * one more, the usual sizing for a database on the same cores (the embedded default). More
 * connections than that only queue in the operating system's scheduler instead of the pool: on two
 * cores, ten clients searching the directory at once were answered at p95 in 17 ms with ten
 * connections and in 11.6–12.7 ms with four or five (bench/RESULTS.md, "Directory").
 */
export const DEFAULT_DB_POOL_SIZE = 2 * availableParallelism() + 1;

/** Every setting the process reads; documented in the README's "Configuration" table. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * The verified seal's Ed25519 signing key (PKCS#8 PEM, or that PEM base64-encoded for one-line
   * settings). Unset: generated into DATA_DIR/seal-ed25519.pem and kept there (one machine only).
   */
  SEAL_PRIVATE_KEY: z.string().min(1).optional(),
  /**
   * Public keys of earlier seal keys, still published so seals they signed verify until their window
   * ends after a rotation: comma-separated `x` values (base64url, the JWK's Ed25519 public key).
   */
  SEAL_RETIRED_PUBLIC_KEYS: z.string().optional(),
  /** Test controls (never in production): a super admin may move the server's clock (`POST /api/dev/clock`). */
  TEST_CLOCK: booleanish.default(false),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Trustleaf <no-reply@trustleaf.local>'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  WORKERS: z.coerce.number().int().min(0).default(1),
  SEED_DEMO: booleanish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built SPA's folder; a relative path is taken from the folder the server is started in. */
  WEB_DIST: z
    .string()
    .transform((folder) => path.resolve(folder))
    .optional(),
  /** The Delta-9 THC limit COAs are checked against, in percent (spec 3 §9: federal limit 0.3 %). */
  DELTA9_THC_THRESHOLD_PERCENT: z.coerce.number().min(0).max(100).default(0.3),
  /** A hosted address-suggestion service (see accounts/address-provider.ts); offline ZIP lookup when unset. */
  ADDRESS_PROVIDER_URL: z.url().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /**
   * Which proxies' X-Forwarded-For / -Proto to believe (Fastify `trustProxy`): none by default, so a
   * client cannot pick its own address (per-address sign-in limits) by sending the header itself.
   * `true` (every proxy), or addresses and CIDRs (`loopback`, `10.0.0.0/8, 127.0.0.1`).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): boolean | string => {
      const text = value.trim();
      if (text === 'false' || text === '0') return false;
      if (text === 'true') return true;
      const wrong = text.split(',').find((entry) => !isTrustedProxyEntry(entry.trim()));
      if (wrong !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `"${wrong.trim()}" is not an address, a CIDR range, loopback, linklocal or uniquelocal`,
        });
        return z.NEVER;
      }
      return text;
    }),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_DB_POOL_SIZE),
  /**
   * host:port pairs the scanner's SSRF guard lets through although they resolve to private or loopback
   * addresses (comma-separated). Unset: the app's own demo site (`localhost:$PORT`, `127.0.0.1:$PORT`).
   */
  SCANNER_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const wrong = entries.find((entry) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i.test(entry));
      if (wrong !== undefined) {
        context.addIssue({ code: 'custom', message: `"${wrong}" is not host:port` });
        return z.NEVER;
      }
      return entries;
    }),
  /** A scan is stopped (and recorded as failed) after this long. */
  SCAN_TIME_LIMIT_SECONDS: z.coerce.number().int().min(10).default(1800),
  /**
   * Longest one statement of the public directory may run (milliseconds) before it is cancelled and
   * the search answered 503: a safety net on a public endpoint for a search the read model did not
   * foresee.
   */
  DIRECTORY_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(2000),
  /** Most HTML pages one scan reads. */
  SCAN_MAX_PAGES: z.coerce.number().int().min(1).max(5000).default(100),
  /**
   * Pages with findings a scan renders again (Chromium, a few seconds each) once its result is stored,
   * for snapshots: the report's issue images of claims in page text; 0 takes none.
   */
  SCAN_SNAPSHOT_PAGES: z.coerce.number().int().min(0).max(50).default(5),
  /**
   * S3-compatible object storage for uploads (any API and worker process reads what another stored).
   * Unset: local disk under DATA_DIR/uploads, for one machine.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The S3 API's address for another provider or a local server (MinIO, R2…); unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; neither: the AWS SDK's own credential chain (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `http://endpoint/bucket/key` instead of `http://bucket.endpoint/key` (MinIO and local servers). */
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  /** Card tokenisations one client address may ask the sandbox gateway for per minute. */
  SANDBOX_TOKENS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
});
export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`ADMIN_EMAIL=`) means unset, as shells and .env files write it.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The scanner's SSRF allow list: SCANNER_ALLOWED_HOSTS, or the app's own demo site. */
export function scannerAllowHosts(env: Env): string[] {
  return env.SCANNER_ALLOWED_HOSTS ?? [`localhost:${env.PORT}`, `127.0.0.1:${env.PORT}`];
}

/** The address that links in emails and pages point at: APP_URL, or this machine's port. */
export function appUrlOf(env: Pick<Env, 'APP_URL' | 'PORT'>): string {
  return env.APP_URL ?? `http://localhost:${env.PORT}`;
}
