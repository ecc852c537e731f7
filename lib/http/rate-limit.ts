import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { rateLimited } from "@/lib/errors";
import { errorFields, log } from "@/lib/log";

const WINDOW_SECONDS = 60;
/** a Redis that answers slower than this counts as down: the request goes through rather than wait */
const REDIS_TIMEOUT_MS = 250;
const WARN_EVERY_MS = 60_000;

export type RateLimiterSettings = {
  /** requests per token per one-minute window; 0 turns the limit off */
  limit: number;
  /** shared counters in Redis when set, so every app process counts against one window */
  redisUrl?: string | null;
  keyPrefix?: string;
};

export type RateLimiter = {
  /** counts one request of `key`; throws 429 RATE_LIMITED (with Retry-After) past the limit */
  check(key: string): Promise<void>;
  /** whether requests are being counted (false while Redis is connecting or down) */
  ready(): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * A fixed one-minute window per token: the first request opens the window, the limit-th + 1
 * within it is refused until the window ends. In memory for one process (the embedded database
 * has only one), in Redis when REDIS_URL is set, so replicas share each token's window.
 * A Redis outage fails open with a warning: a cache down must not lock the night shift out of
 * a meltdown, and the limit protects capacity, not data.
 */
export function createRateLimiter(settings: RateLimiterSettings): RateLimiter {
  const keyPrefix = settings.keyPrefix ?? "das:rl";
  let redis: Redis | null = null;
  let limiter: RateLimiterAbstract;
  if (settings.redisUrl) {
    redis = new Redis(settings.redisUrl, {
      // fail at once while disconnected instead of queueing requests behind a dead server
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_TIMEOUT_MS,
      connectTimeout: 2_000,
      lazyConnect: false,
      retryStrategy: (times) => Math.min(times * 200, 5_000),
    });
    redis.on("error", (err) => warnOutage(err));
    limiter = new RateLimiterRedis({ storeClient: redis, points: settings.limit, duration: WINDOW_SECONDS, keyPrefix, rejectIfRedisNotReady: true });
  } else {
    limiter = new RateLimiterMemory({ points: settings.limit, duration: WINDOW_SECONDS, keyPrefix });
  }

  let lastWarned = 0;
  function warnOutage(err: unknown) {
    const now = Date.now();
    if (now - lastWarned < WARN_EVERY_MS) return;
    lastWarned = now;
    log("warn", "rate limiter store unreachable: requests pass unlimited until it is back", errorFields(err));
  }

  return {
    async check(key) {
      if (settings.limit === 0) return;
      try {
        await limiter.consume(key);
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
        warnOutage(refusal);
      }
    },
    async ready() {
      return redis === null || redis.status === "ready";
    },
    async close() {
      redis?.disconnect();
    },
  };
}

type Holder = { current?: { signature: string; limiter: RateLimiter } };
// one limiter per process, kept across Next's module reloads in development
const holder = ((globalThis as Record<string, unknown>).__dasRateLimiter ??= {}) as Holder;

/** The process's limiter for the current settings (RATE_LIMIT_PER_MINUTE, default 600; REDIS_URL; RATE_LIMIT_KEY_PREFIX). */
function processLimiter(): RateLimiter {
  const settings: RateLimiterSettings = {
    limit: config.RATE_LIMIT_PER_MINUTE,
    redisUrl: config.REDIS_URL ?? null,
    keyPrefix: config.RATE_LIMIT_KEY_PREFIX,
  };
  const signature = JSON.stringify(settings);
  if (holder.current?.signature !== signature) {
    void holder.current?.limiter.close();
    holder.current = { signature, limiter: createRateLimiter(settings) };
  }
  return holder.current.limiter;
}

/** Counts one request of a token (or console user) against its per-minute limit: 429 past it. */
export async function checkRateLimit(key: string): Promise<void> {
  await processLimiter().check(key);
}

/** Whether this process's limiter is counting requests now (false while its Redis is connecting or down). */
export async function rateLimitReady(): Promise<boolean> {
  return processLimiter().ready();
}
