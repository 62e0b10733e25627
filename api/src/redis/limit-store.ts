// Attempt counters and locks in Redis. Each counter is a hash {n: count, e: window end in ms by the
// caller's clock}; one Lua script counts, compares with the ceiling and sets the lock, so the
// decision is atomic across every API process. Keys also carry a Redis expiry, only to tidy up.
import { Redis } from 'ioredis';
import type { LimitStore } from '../domain/auth/limit-store.js';

// KEYS: counter, lock level. ARGV: now, windowMs, max, baseLockMs, maxLockMs, levelTtlMs.
const takeScript = `
local now = tonumber(ARGV[1])
local ends = tonumber(redis.call('HGET', KEYS[1], 'e') or '0')
local n
if ends <= now then
  ends = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'n', 1, 'e', ends)
  n = 1
else
  n = redis.call('HINCRBY', KEYS[1], 'n', 1)
end
local locked = 0
if n == tonumber(ARGV[3]) + 1 then
  local level = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
  ends = now + math.min(tonumber(ARGV[5]), tonumber(ARGV[4]) * 2 ^ (level - 1))
  redis.call('HSET', KEYS[1], 'e', ends)
  locked = 1
end
redis.call('PEXPIRE', KEYS[1], math.max(1, ends - now) + 60000)
return {n, ends, locked}
`;

// KEYS: counter. ARGV: now.
const refundScript = `
local ends = tonumber(redis.call('HGET', KEYS[1], 'e') or '0')
if ends > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'n') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'n', -1)
end
return 0
`;

// KEYS: the next free slot. ARGV: now, step (ms).
const slotScript = `
local now = tonumber(ARGV[1])
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local step = tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%d', slot + step), 'PX', math.floor(slot + step - now) + 60000)
return string.format('%d', slot)
`;

const lockMemoryMs = 24 * 3600_000;
const unlimited = 2 ** 31;

export function createRedisLimitStore(url: string, prefix: string): LimitStore & { close(): void } {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: false, keyPrefix: `${prefix}:` });
  redis.on('error', () => undefined);
  redis.defineCommand('ceilingTake', { numberOfKeys: 2, lua: takeScript });
  redis.defineCommand('ceilingRefund', { numberOfKeys: 1, lua: refundScript });
  redis.defineCommand('paceSlot', { numberOfKeys: 1, lua: slotScript });
  const scripts = redis as unknown as {
    paceSlot(...args: (string | number)[]): Promise<string>;
    ceilingTake(...args: (string | number)[]): Promise<[number, number, number]>;
    ceilingRefund(...args: (string | number)[]): Promise<number>;
  };

  const store: LimitStore & { close(): void } = {
    async countFailure(key, now, windowMs) {
      return (await store.take(key, now, { max: unlimited, windowMs, baseLockMs: 0, maxLockMs: 0 })).count;
    },
    async take(key, now, rule) {
      const [count, ends, locked] = await scripts.ceilingTake(
        `${key}:c`,
        `${key}:level`,
        now.getTime(),
        rule.windowMs,
        rule.max,
        rule.baseLockMs,
        rule.maxLockMs,
        lockMemoryMs,
      );
      return { allowed: count <= rule.max, count, retryAt: new Date(Number(ends)), lockedNow: locked === 1 };
    },
    async peek(key, now) {
      const [n, e] = await redis.hmget(`${key}:c`, 'n', 'e');
      return Number(e ?? 0) > now.getTime() ? Number(n ?? 0) : 0;
    },
    async refund(key, now) {
      await scripts.ceilingRefund(`${key}:c`, now.getTime());
    },
    async reserveSlot(key, now, stepMs) {
      return new Date(Number(await scripts.paceSlot(`${key}:slot`, now.getTime(), Math.round(stepMs))));
    },
    async clear(key) {
      await redis.del(`${key}:c`);
    },
    async addCalls(counts, windowEndsAt) {
      const keys = [...counts.keys()];
      const pipeline = redis.pipeline();
      for (const key of keys) {
        const redisKey = `${key}:w${windowEndsAt.getTime()}`;
        pipeline.incrby(redisKey, counts.get(key)!).pexpireat(redisKey, windowEndsAt.getTime() + 60_000);
      }
      const results = (await pipeline.exec()) ?? [];
      return new Map(keys.map((key, i) => [key, Number(results[i * 2]?.[1] ?? 0)]));
    },
    close: () => redis.disconnect(),
  };
  return store;
}
