import { PgBoss } from 'pg-boss';
import type { z } from 'zod';

/** Retry, backoff and expiry are set for every queue explicitly: pg-boss defaults differ by version. */
export interface QueuePolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax?: number;
  expireInSeconds: number;
  deleteAfterSeconds?: number;
  /**
   * pg-boss queue policy, set when the queue is created (`singleton`: one active job per singleton
   * key, the others wait queued).
   */
  policy?: 'standard' | 'singleton';
  /** A job whose worker sends no heartbeat for this long (≥ 10 s) is failed and retried. */
  heartbeatSeconds?: number;
}

/** A job owned by one module: named `<module>.<action>`, payload validated on enqueue and consume. */
export interface JobDefinition<T = unknown> {
  name: string;
  payload: z.ZodType<T>;
  policy: QueuePolicy;
  /** Handlers must be idempotent: pg-boss delivers at least once. */
  handler(payload: T): Promise<void>;
  /** Cron in UTC for scheduled jobs. */
  cron?: string;
}

export interface JobQueue {
  register(definitions: JobDefinition<never>[]): void;
  enqueue<T>(
    definition: JobDefinition<T>,
    payload: T,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  start(options: { work: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export function defineJob<T>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export function createPgBossQueue(
  connectionString: string,
  log: (message: string, error?: unknown) => void,
  /** How often pg-boss looks for expired jobs and missed heartbeats (default 60 s; tests shorten it). */
  options: { superviseIntervalSeconds?: number } = {},
): JobQueue {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 4,
    ...(options.superviseIntervalSeconds
      ? { superviseIntervalSeconds: options.superviseIntervalSeconds }
      : {}),
  });
  boss.on('error', (error) => log('job queue error', error));
  const definitions = new Map<string, JobDefinition<never>>();
  let started = false;

  return {
    register(list) {
      for (const definition of list) definitions.set(definition.name, definition);
    },
    async enqueue(definition, payload, options) {
      const data = definition.payload.parse(payload) as object;
      if (!started) throw new Error('job queue is not started');
      return boss.send(
        definition.name,
        data,
        options?.singletonKey ? { singletonKey: options.singletonKey } : {},
      );
    },
    async start({ work }) {
      await boss.start();
      started = true;
      for (const definition of definitions.values()) {
        const { policy } = definition;
        const queueOptions = {
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelay,
          retryBackoff: policy.retryBackoff,
          expireInSeconds: policy.expireInSeconds,
          deleteAfterSeconds: policy.deleteAfterSeconds ?? 7 * 24 * 3600,
          ...(policy.retryDelayMax === undefined ? {} : { retryDelayMax: policy.retryDelayMax }),
          ...(policy.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: policy.heartbeatSeconds }),
        };
        const existing = await boss.getQueue(definition.name);
        if (existing) await boss.updateQueue(definition.name, queueOptions);
        else
          await boss.createQueue(definition.name, { ...queueOptions, policy: policy.policy ?? 'standard' });
        if (definition.cron) await boss.schedule(definition.name, definition.cron);
        if (!work) continue;
        await boss.work<unknown>(definition.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) {
            const parsed = definition.payload.safeParse(job.data);
            if (!parsed.success) {
              log(`job ${definition.name} ${job.id} has an invalid payload; dropped`);
              continue;
            }
            await definition.handler(parsed.data);
          }
        });
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, timeout: 10_000 });
      started = false;
    },
  };
}

/**
 * Runs each job in-process as soon as it is enqueued. Tests use it so a request's side effects are
 * visible when `app.inject` returns; the handlers are the real ones.
 */
export function createInlineQueue(): JobQueue & { failures: unknown[] } {
  const failures: unknown[] = [];
  return {
    failures,
    register() {},
    async enqueue(definition, payload) {
      const data = definition.payload.parse(payload);
      try {
        await definition.handler(data);
      } catch (error) {
        failures.push(error);
      }
      return null;
    },
    async start() {},
    async stop() {},
  };
}
