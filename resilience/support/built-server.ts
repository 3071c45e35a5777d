import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/server/paths.ts';
import { freePort } from './free-port.ts';

const SERVER_JS = join(PROJECT_ROOT, 'dist/node/server/server.js');
/** Keeps the end of the server's output for failure messages, not all of it. */
const OUTPUT_KEPT = 20_000;

/** The built server (`npm run build`) in a process of its own, as production runs it. */
export interface BuiltServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The server's process id (to read its memory from /proc). */
  readonly pid: number;
  /** False once the process has exited (crashed, or stopped). */
  running(): boolean;
  /** The last lines it printed (both streams), for failure messages. */
  output(): string;
  /** SIGTERM, then wait for it to exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} while starting:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health within ${deadlineMs} ms:\n${output()}`);
}

/** Starts the built server with these settings (PORT and HOST chosen here) and waits until its health check answers 200. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  if (!existsSync(SERVER_JS)) throw new Error('The resilience tests start the built server: run `npm run build` first.');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const server: BuiltServer = {
    url,
    pid: child.pid!,
    running: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    async stop() {
      if (!server.running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  try {
    await waitForHealth(url, child, () => output, 90_000);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
