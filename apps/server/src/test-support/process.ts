import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const mainJs = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** Every test or bench socket comes from 127.0.0.1: the per-address socket and join bounds lifted. */
export const UNBOUNDED_ADDRESS_ENV: Record<string, string> = {
  SOCKETS_PER_IP: '1000000',
  JOIN_BURST_PER_IP: '1000000',
  JOINS_PER_SEC_PER_IP: '1000000',
};

/**
 * The bundled server as a real process, so a test can SIGKILL it mid-match. Its ready line is
 * logged at info, so LOG_LEVEL stays at info at least (health checks and socket actions are quiet there).
 */
export async function spawnServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [mainJs], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...UNBOUNDED_ADDRESS_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: a test that gave up on it would leave a server behind for good.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /open (http:\/\/[^\s"]+) to play/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

export function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
