import { PgBoss, type ConstructorOptions } from 'pg-boss';
import type { z } from 'zod';

/** Retry, backoff and expiry are set for every queue explicitly: pg-boss defaults differ by version. */
export interface QueuePolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax?: number;
  /** The longest a healthy run may take; a run past it is failed (and retried) even while alive. */
  expireInSeconds: number;
  deleteAfterSeconds?: number;
  /**
   * pg-boss queue policy, set when the queue is created (`singleton`: one active job per singleton
   * key, the others wait queued).
   */
  policy?: 'standard' | 'singleton';
  /** A job whose worker sends no heartbeat for this long (≥ 10 s) is failed and retried; HEARTBEAT_SECONDS when absent. */
  heartbeatSeconds?: number;
  /**
   * The job (registered with the same queue) that pg-boss sends this one's payload to when it gives
   * up on it: failed with no retry left, whether its handler threw, its heartbeat stopped or it ran
   * past its expiry (pg-boss's dead letter queue, written in the statement that fails the job).
   */
  deadLetter?: string;
}

/**
 * A worker refreshes the heartbeat of the job it runs every HEARTBEAT_SECONDS / 2 (pg-boss). A worker
 * killed mid-job (`kill -9`, a lost machine) stops refreshing it; the supervisor fails the job once its
 * heartbeat is HEARTBEAT_SECONDS old, and the retry runs after the queue's retry delay. Without it a
 * crashed run waited out expireInSeconds (a COA batch stayed "processing" for 15 minutes, issue 15).
 */
export const HEARTBEAT_SECONDS = 15;
/** How often the supervisor looks for jobs whose heartbeat stopped (or that ran past their expiry). */
export const SUPERVISE_SECONDS = 10;
/**
 * How often each process re-reads its queues' state, which includes the singleton keys with an active
 * job: a worker does not fetch a singleton job (a scan) whose key its cached state still shows active.
 * pg-boss's default of 60 s made a dead worker's scan wait a minute more after its retry was due.
 */
export const QUEUE_CACHE_SECONDS = SUPERVISE_SECONDS / 2;

/**
 * The longest a job interrupted by a crash waits before it runs again: its heartbeat going stale, the
 * supervisor's next pass, then the first retry delay (doubled at most by pg-boss's backoff jitter),
 * the queue state's refresh (singleton queues) and a poll. Every queue keeps this under a minute
 * (jobs.test.ts).
 */
export function crashRetryBoundSeconds(policy: QueuePolicy): number {
  const heartbeat = policy.heartbeatSeconds ?? HEARTBEAT_SECONDS;
  const cache = policy.policy === 'singleton' ? QUEUE_CACHE_SECONDS : 0;
  return heartbeat + SUPERVISE_SECONDS + policy.retryDelay * (policy.retryBackoff ? 2 : 1) + cache + 1;
}

/** pg-boss's timers: the production values, and what tests shorten to watch the real mechanics. */
export type QueueTiming = Pick<
  ConstructorOptions,
  | 'superviseIntervalSeconds'
  | 'monitorIntervalSeconds'
  | 'cronMonitorIntervalSeconds'
  | 'cronWorkerIntervalSeconds'
  | 'clockMonitorIntervalSeconds'
  | 'queueCacheIntervalSeconds'
>;

const PRODUCTION_TIMING: QueueTiming = {
  superviseIntervalSeconds: SUPERVISE_SECONDS,
  // The heartbeat and expiry checks run in each queue's monitor step, which a supervisor pass skips
  // when the step ran less than monitorIntervalSeconds ago: half the pass's period never skips one.
  monitorIntervalSeconds: SUPERVISE_SECONDS / 2,
  queueCacheIntervalSeconds: QUEUE_CACHE_SECONDS,
};

/**
 * pg-boss sends a scheduled job with the data its schedule was given, `null` when none (as every
 * schedule was stored before issue 15); a scheduled job's payload is an empty object, so null reads as one.
 */
function scheduledPayload(data: unknown): unknown {
  return data ?? {};
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

/** A scheduled job is sent with no payload: its schema must take the empty object it reads as. */
function assertSchedulable(definition: JobDefinition<never>) {
  if (definition.cron && !definition.payload.safeParse(scheduledPayload(null)).success)
    throw new Error(`scheduled job ${definition.name} must accept an empty payload`);
}

/**
 * The definitions in the order their queues are created: a dead letter job's queue before the queues
 * that name it (pg-boss refers to it by a foreign key). A dead letter job must be registered too.
 */
function withDeadLettersFirst(list: JobDefinition<never>[]): JobDefinition<never>[] {
  const names = new Set(list.map((d) => d.name));
  const targets = new Set<string>();
  for (const { name, policy } of list) {
    if (!policy.deadLetter) continue;
    if (!names.has(policy.deadLetter))
      throw new Error(
        `job ${name} names ${policy.deadLetter} as its dead letter job, which is not registered`,
      );
    targets.add(policy.deadLetter);
  }
  for (const name of targets) {
    if (list.find((d) => d.name === name)?.policy.deadLetter)
      throw new Error(`dead letter job ${name} cannot have a dead letter job of its own`);
  }
  return [...list.filter((d) => targets.has(d.name)), ...list.filter((d) => !targets.has(d.name))];
}

export function createPgBossQueue(
  connectionString: string,
  log: (message: string, error?: unknown) => void,
  /** pg-boss's timers; the production ones when absent (tests shorten them to watch the real mechanics). */
  options: QueueTiming = {},
): JobQueue {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    max: 4,
    ...PRODUCTION_TIMING,
    ...options,
  });
  boss.on('error', (error) => log('job queue error', error));
  const definitions = new Map<string, JobDefinition<never>>();
  let started = false;

  return {
    register(list) {
      for (const definition of list) {
        assertSchedulable(definition);
        definitions.set(definition.name, definition);
      }
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
      const ordered = withDeadLettersFirst([...definitions.values()]);
      await boss.start();
      started = true;
      for (const definition of ordered) {
        const { policy } = definition;
        const queueOptions = {
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelay,
          retryBackoff: policy.retryBackoff,
          expireInSeconds: policy.expireInSeconds,
          heartbeatSeconds: policy.heartbeatSeconds ?? HEARTBEAT_SECONDS,
          deleteAfterSeconds: policy.deleteAfterSeconds ?? 7 * 24 * 3600,
          ...(policy.retryDelayMax === undefined ? {} : { retryDelayMax: policy.retryDelayMax }),
        };
        const existing = await boss.getQueue(definition.name);
        if (existing)
          await boss.updateQueue(definition.name, { ...queueOptions, deadLetter: policy.deadLetter ?? null });
        else
          await boss.createQueue(definition.name, {
            ...queueOptions,
            policy: policy.policy ?? 'standard',
            ...(policy.deadLetter ? { deadLetter: policy.deadLetter } : {}),
          });
        // Rewritten on every start, so a changed expression (or data) replaces the stored one.
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {});
        if (!work) continue;
        await boss.work<unknown>(definition.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) {
            // Schedules stored before they carried `{}` still send null.
            const data = definition.cron ? scheduledPayload(job.data) : job.data;
            const parsed = definition.payload.safeParse(data);
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
