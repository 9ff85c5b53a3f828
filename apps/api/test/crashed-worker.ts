// Runs a worker script in its own Node process until it prints a mark, then kills it (SIGKILL): how
// the crash tests stop a job at a chosen point, as a machine losing power would.

import { spawn } from 'node:child_process';
import { expect } from 'vitest';

/** Starts `script` with `args`, waits (30 s at most) for `mark` in its output, and kills it. */
export async function runWorkerUntilKilled(script: string, args: string[], mark: string): Promise<void> {
  const worker = spawn(
    process.execPath,
    ['--experimental-transform-types', '--no-warnings', script, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  try {
    await expect.poll(() => output, { timeout: 30_000, interval: 100 }).toContain(mark);
  } finally {
    worker.kill('SIGKILL');
    await exited;
  }
}
