import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, LevelWithSilent, Logger } from 'pino';

const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/** Whether the logger writes at that level (a logger that cannot tell is assumed to). */
function isLevelEnabled(logger: FastifyBaseLogger, level: string): boolean {
  const { isLevelEnabled: check } = logger as Partial<Logger>;
  return typeof check === 'function' ? check.call(logger, level) : true;
}

/**
 * A request's logger that becomes a real pino child (with the request id bound, and the same
 * redaction) only when something is actually logged at an enabled level. Creating a child runs the
 * redaction over its bindings, which costs more than the rest of a small request; most requests log
 * nothing at the production level, so they never pay for it.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly childBindings: Bindings,
    readonly childOptions: ChildLoggerOptions,
  ) {}

  declare fatal: FastifyBaseLogger['fatal'];
  declare error: FastifyBaseLogger['error'];
  declare warn: FastifyBaseLogger['warn'];
  declare info: FastifyBaseLogger['info'];
  declare debug: FastifyBaseLogger['debug'];
  declare trace: FastifyBaseLogger['trace'];

  hasChild(): boolean {
    return this.#child !== undefined;
  }

  real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.childBindings, this.childOptions);
    return this.#child;
  }

  get level(): LevelWithSilent | string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: LevelWithSilent | string) {
    this.real().level = level;
  }

  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return isLevelEnabled(this.#child ?? this.parent, level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

// One method per level on the prototype, so that making a request's logger allocates nothing else.
for (const level of LEVELS) {
  LazyRequestLogger.prototype[level] = function (
    this: LazyRequestLogger,
    ...args: Parameters<FastifyBaseLogger['info']>
  ) {
    if (!this.hasChild() && !isLevelEnabled(this.parent, level)) return;
    this.real()[level](...args);
  } as FastifyBaseLogger['info'];
}

/** Fastify's `childLoggerFactory`: the default one (`logger.child`), made lazy. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route with its own level gets its child at once (its level decides what it logs).
  if (options.level !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
