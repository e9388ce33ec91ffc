import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
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
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until('redis-server ready', async () => {
      if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
      return output.includes('Ready to accept connections');
    });
  }

  async down(): Promise<void> {
    if (this.child) await kill(this.child, 'SIGKILL');
    this.child = null;
  }
}
