import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, redisTarget } from './config';

describe('REDIS_URL', () => {
  it('names one Redis by a redis:// or rediss:// URL', () => {
    expect(redisTarget('redis://127.0.0.1:6379')).toEqual({ cluster: false, url: 'redis://127.0.0.1:6379' });
    expect(configFromEnv({ REDIS_URL: 'rediss://user:pw@redis.internal:6380/2' }).redisUrl).toBe(
      'rediss://user:pw@redis.internal:6380/2',
    );
  });

  it('names a Redis Cluster by redis+cluster:// and some of its nodes, each reached with the same credentials and TLS', () => {
    expect(redisTarget('redis+cluster://10.0.0.1:7000,10.0.0.2:7001')).toEqual({
      cluster: true,
      nodes: ['redis://10.0.0.1:7000', 'redis://10.0.0.2:7001'],
    });
    expect(redisTarget('rediss+cluster://app:s%40cret@a.example:7000/')).toEqual({
      cluster: true,
      nodes: ['rediss://app:s%40cret@a.example:7000'],
    });
    expect(configFromEnv({ REDIS_URL: 'redis+cluster://redis-1:7000,redis-2:7000,redis-3:7000' }).redisUrl).toBe(
      'redis+cluster://redis-1:7000,redis-2:7000,redis-3:7000',
    );
  });

  it('refuses to start on anything else, naming the variable', () => {
    for (const bad of [
      'http://redis:6379',
      'redis+cluster://',
      'redis+cluster://a:7000,',
      'redis+cluster://a,b',
      'redis+cluster://a:7000/0',
      'redis',
    ]) {
      expect(redisTarget(bad)).toBeNull();
      expect(() => configFromEnv({ REDIS_URL: bad })).toThrow(ConfigError);
      expect(() => configFromEnv({ REDIS_URL: bad })).toThrow(/^REDIS_URL: /);
    }
  });
});
