import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { kill } from './process';
import { until } from './until';

/** A port free right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A redis-server on 127.0.0.1 that writes no data to disk, once it accepts connections. */
async function spawnRedis(port: number, extra: readonly string[] = []): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until('redis-server ready', async () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
    return output.includes('Ready to accept connections');
  });
  return child;
}

const redisCli = async (...args: string[]): Promise<string> => (await promisify(execFile)('redis-cli', args)).stdout;

/**
 * A Redis of a test's own on its own port, which the test stops and starts again (an outage), with
 * nothing written to disk.
 */
export class TestRedis {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedis> {
    const redis = new TestRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.child = await spawnRedis(this.port);
  }

  async down(): Promise<void> {
    if (this.child) await kill(this.child, 'SIGKILL');
    this.child = null;
  }

  /** Some of Redis' own counters, read at once (INFO stats and commandstats, e.g. `cmdstat_spublish`). */
  async info<F extends string>(fields: readonly F[]): Promise<Record<F, number>> {
    const info = await redisCli('-p', String(this.port), 'INFO', 'all');
    return Object.fromEntries(fields.map((field) => [field, infoField(info, field)])) as Record<F, number>;
  }

  /** How many clients are subscribed to a sharded pub/sub channel. */
  async subscribers(channel: string): Promise<number> {
    return Number((await redisCli('-p', String(this.port), 'PUBSUB', 'SHARDNUMSUB', channel)).trim().split('\n')[1]);
  }
}

/** A number of Redis' INFO answer (`name:value` lines, or a command's `cmdstat_<name>:calls=n,…`); 0 when absent. */
export function infoField(info: string, field: string): number {
  const m = new RegExp(`^${field}:(?:calls=)?(\\d+)`, 'm').exec(info);
  return m ? Number(m[1]) : 0;
}

/**
 * A Redis Cluster of masters only (no replicas), each a redis-server on free ports of 127.0.0.1
 * (its client port and its cluster bus), its node table in a folder of the test's own. A node
 * restarted keeps its id and its slots (the table), like a master back after a crash.
 */
export class TestRedisCluster {
  private readonly children: (ChildProcess | null)[];
  private constructor(
    private readonly dir: string,
    readonly ports: readonly number[],
    private readonly busPorts: readonly number[],
  ) {
    this.children = ports.map(() => null);
  }

  static async start(masters = 3): Promise<TestRedisCluster> {
    const ports: number[] = [];
    const busPorts: number[] = [];
    for (let i = 0; i < masters; i++) {
      ports.push(await freePort());
      busPorts.push(await freePort());
    }
    const cluster = new TestRedisCluster(mkdtempSync(join(tmpdir(), 'mm-redis-cluster-')), ports, busPorts);
    for (let i = 0; i < masters; i++) await cluster.up(i);
    await redisCli('--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes');
    await cluster.healthy();
    return cluster;
  }

  /** The REDIS_URL naming this cluster by all of its nodes. */
  get url(): string {
    return `redis+cluster://${this.ports.map((p) => `127.0.0.1:${p}`).join(',')}`;
  }

  private async up(i: number): Promise<void> {
    this.children[i] = await spawnRedis(this.ports[i]!, [
      '--cluster-enabled',
      'yes',
      '--cluster-port',
      String(this.busPorts[i]!),
      '--cluster-config-file',
      join(this.dir, `nodes-${this.ports[i]!}.conf`),
      '--cluster-node-timeout',
      '3000',
      '--dir',
      this.dir,
    ]);
  }

  /** Every node answers and says the cluster is whole (every slot served). */
  async healthy(): Promise<void> {
    await until(
      'redis cluster ok on every node',
      async () => {
        for (const port of this.ports) {
          const info = await redisCli('-p', String(port), 'CLUSTER', 'INFO').catch(() => '');
          if (!info.includes('cluster_state:ok')) return false;
        }
        return true;
      },
      60_000,
      100,
    );
  }

  /** Node `i` dies (SIGKILL) and starts again on its port with its slots; resolves once the cluster is whole. */
  async restart(i: number): Promise<void> {
    const child = this.children[i];
    if (child) await kill(child, 'SIGKILL');
    await this.up(i);
    await this.healthy();
  }

  /**
   * The node serving a sharded pub/sub channel (the master of its hash slot) and how many clients
   * are subscribed to it there.
   */
  async subscribers(channel: string): Promise<{ node: number; count: number }> {
    const slot = Number(await redisCli('-p', String(this.ports[0]!), 'CLUSTER', 'KEYSLOT', channel));
    for (const [node, port] of this.ports.entries()) {
      const myself = (await redisCli('-p', String(port), 'CLUSTER', 'NODES')).split('\n').find((line) => line.includes('myself'));
      const ranges = myself?.split(' ').slice(8) ?? [];
      const serves = ranges.some((range) => {
        const [from, to = from] = range.split('-').map(Number);
        return slot >= from! && slot <= to!;
      });
      if (!serves) continue;
      const answer = await redisCli('-p', String(port), 'PUBSUB', 'SHARDNUMSUB', channel);
      return { node, count: Number(answer.trim().split('\n')[1]) };
    }
    throw new Error(`no node serves slot ${slot}`);
  }

  /** The keys matching a pattern, over every node. */
  async keys(pattern: string): Promise<string[]> {
    const keys: string[] = [];
    for (const port of this.ports)
      keys.push(...(await redisCli('-p', String(port), '--scan', '--pattern', pattern)).split('\n').filter(Boolean));
    return keys;
  }

  async stop(): Promise<void> {
    for (const child of this.children) if (child) await kill(child, 'SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
