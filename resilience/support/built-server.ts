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
  /**
   * A full garbage collection in the server, through its inspector (only for a server started with `inspect`): what
   * its memory holds after it is what the server keeps, not garbage it has not yet had reason to collect.
   */
  collectGarbage(): Promise<void>;
}

export interface BuiltServerOptions {
  /** Open the inspector on a free port of 127.0.0.1, for `collectGarbage`. */
  inspect?: boolean;
}

/** The inspector's WebSocket address, as Node prints it on standard error when it starts listening. */
const INSPECTOR_URL = /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/;

/** Sends one inspector command and waits for its answer. */
async function inspectorCommand(url: string, method: string): Promise<void> {
  const socket = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error(`Could not reach the server's inspector at ${url}`)), {
        once: true,
      });
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The inspector did not answer ${method} within 60 s`)), 60_000);
      socket.addEventListener('message', (event) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (answer.id !== 1) return;
        clearTimeout(timer);
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve();
      });
      socket.send(JSON.stringify({ id: 1, method }));
    });
  } finally {
    socket.close();
  }
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
export async function startBuiltServer(
  env: Record<string, string>,
  { inspect = false }: BuiltServerOptions = {},
): Promise<BuiltServer> {
  if (!existsSync(SERVER_JS)) throw new Error('The resilience tests start the built server: run `npm run build` first.');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(inspect ? ['--inspect=127.0.0.1:0'] : []), SERVER_JS], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let inspectorUrl: string | undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT);
    inspectorUrl ??= INSPECTOR_URL.exec(output)?.[1];
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
    async collectGarbage() {
      if (!inspectorUrl) throw new Error('The server was not started with its inspector open (`inspect: true`).');
      await inspectorCommand(inspectorUrl, 'HeapProfiler.collectGarbage');
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
