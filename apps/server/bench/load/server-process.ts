/**
 * The server under test (or the bare relay) in a child process of its own: started on a free port,
 * its address read from its start-up line; `--timing` reports asked for with SIGUSR2.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** the server's bench-timing report since the last one (BENCH_TIMING=1 only) */
  timing(): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startProcess(
  script: string,
  env: Record<string, string>,
  opts: {
    profileDir: string | null;
    timing: boolean;
    /** Node.js and V8 flags of the process (`--node-flags`): GC settings, `--trace-gc-nvp`… */
    nodeFlags?: string[];
    /** a file the process's standard output is appended to (`--server-log`): what those flags print */
    logFile?: string | null;
  },
): Promise<ServerProcess> {
  const flags = [...(opts.nodeFlags ?? []), ...(opts.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`] : [])];
  const child = spawn(process.execPath, [...flags, script], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...(opts.timing ? { BENCH_TIMING: '1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = opts.logFile;
  if (logFile) child.stdout!.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /open (http:\/\/[^\s"]+) to play/i.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      onData(chunk);
      if (output.length > 0 && /error/i.test(chunk.toString())) process.stderr.write(chunk);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // Reports come one at a time, one line each, in the order they were asked for.
  const reports: ((report: unknown) => void)[] = [];
  let pendingLine = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pendingLine + chunk.toString()).split('\n');
    pendingLine = lines.pop()!;
    for (const line of lines) if (line.startsWith('bench-timing ')) reports.shift()?.(JSON.parse(line.slice(13)));
  });
  return {
    child,
    url,
    timing: () =>
      new Promise((resolve) => {
        reports.push(resolve);
        child.kill('SIGUSR2');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
