import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * A request's logger, bound to its request id, that builds the pino child only when a line at an
 * enabled level is written. Most requests log nothing, and building a child (bindings serialised
 * through the redaction rules) per request was a measurable share of every response's cost.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  // Nothing is read from the parent here: the constructor runs for every request, a write rarely.
  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#child) {
      const threshold = LEVEL_VALUES[this.#options.level ?? this.#parent.level] ?? LEVEL_VALUES.info!;
      if ((LEVEL_VALUES[level] ?? 0) < threshold) return;
    }
    const child = this.#real();
    Reflect.apply(child[level], child, args);
  }

  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** A child logger factory for Fastify above info (see `fastifyLogging` in app.ts): built on first write. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(parent, bindings, options);
}

/** Whether a logger writes info lines (request logging is worth its cost only then). */
export function logsAtInfo(logger: FastifyBaseLogger | undefined): boolean {
  return logger !== undefined && (LEVEL_VALUES[logger.level] ?? 0) <= LEVEL_VALUES.info!;
}
