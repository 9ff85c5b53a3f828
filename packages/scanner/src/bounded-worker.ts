import { Worker } from 'node:worker_threads';

/**
 * Runs parsing of untrusted files (PDFs from uploads and scanned sites) off the event loop, in a worker
 * thread stopped when it runs too long or outgrows its heap: a small crafted file (thousands of pages,
 * a compressed stream that inflates to gigabytes) would otherwise hold the API's only thread for
 * minutes and grow its memory without bound. DESIGN.md "Security rules that never bend".
 */

export interface WorkerLimits {
  /** Longest the work may take before the worker is stopped. */
  timeoutMs: number;
  /** Old-generation heap of the worker, in MB; the worker is stopped above it. */
  maxHeapMb: number;
}

/** The work was stopped at a limit ('time', 'memory') or failed inside the worker ('failed'). */
export class WorkerLimitError extends Error {
  readonly code = 'WORKER_LIMIT';
  readonly reason: 'time' | 'memory' | 'failed';
  /** The error's name inside the worker (e.g. PDF.js's PasswordException), when it failed there. */
  readonly innerName: string | undefined;
  constructor(reason: 'time' | 'memory' | 'failed', message: string, innerName?: string) {
    super(message);
    this.name = 'WorkerLimitError';
    this.reason = reason;
    this.innerName = innerName;
  }
}

/**
 * Evaluates `source` (CommonJS, run as a worker: it reads `workerData` and answers once on `parentPort`
 * with `{ result }` or `{ error, name }`) and resolves with its result. Modules the source imports are
 * passed as absolute URLs in `data` (the worker does not resolve bare names from the caller's folder).
 */
export function runInWorker<T>(source: string, data: unknown, limits: WorkerLimits): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(source, {
      eval: true,
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    // PDF.js warns on the console; the warnings are dropped, not passed to the process's log.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (error: Error | null, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(value as T);
    };
    const timer = setTimeout(
      () => finish(new WorkerLimitError('time', `Stopped after ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    worker.on('message', (message: { result?: T; error?: string; name?: string }) => {
      if (message.error !== undefined) finish(new WorkerLimitError('failed', message.error, message.name));
      else finish(null, message.result);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(new WorkerLimitError(memory ? 'memory' : 'failed', error.message, error.name));
    });
    worker.on('exit', (code) => finish(new WorkerLimitError('failed', `The worker exited (${code})`)));
  });
}
