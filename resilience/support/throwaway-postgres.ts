import { execFile } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.ts';
import { postgresBinDir } from './postgres-binaries.ts';

const run = promisify(execFile);

/** How `pg_ctl stop` ends the server: `immediate` kills every backend at once (a crash), `fast` rolls back and closes. */
export type StopMode = 'immediate' | 'fast';

/** A PostgreSQL cluster of this test's own, so it can be stopped without disturbing the machine's shared server. */
export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth). */
  readonly url: string;
  readonly port: number;
  /** Starts the server; `settings` (postgresql.conf names) last until it is stopped. */
  start(settings?: Record<string, string>): Promise<void>;
  stop(mode: StopMode): Promise<void>;
  /** Stops (if running) and starts again on the same port and data directory. */
  restart(mode?: StopMode, settings?: Record<string, string>): Promise<void>;
  /** Suspends every process of the server (SIGSTOP): connections stay open and nothing answers, as on a hung host. */
  freeze(): Promise<void>;
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): Promise<void>;
  /** Stops the server and deletes its files. */
  dispose(): Promise<void>;
}

// initdb and postgres refuse to run as root: as root, run them as the postgres account over a directory it owns.
const asRoot = process.getuid?.() === 0;

async function pgTool(tool: string, args: string[]): Promise<void> {
  const command = join(postgresBinDir(), tool);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    await run(file, argv, { timeout: 60_000 });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${(err as Error).message}\n${stdout ?? ''}${stderr ?? ''}`, {
      cause: err,
    });
  }
}

function chownToPostgres(path: string, uid: number, gid: number): void {
  if (asRoot) chownSync(path, uid, gid);
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  if (!asRoot) return { uid: -1, gid: -1 };
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** initdb into a temporary directory and start the server on a free loopback port; dispose() removes it all. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'wil-faults-pg-'));
  const dataDir = join(root, 'data');
  const socketDir = join(root, 'socket');
  mkdirSync(socketDir);
  const { uid, gid } = await postgresIds();
  chownToPostgres(root, uid, gid);
  chownToPostgres(socketDir, uid, gid);
  const port = await freePort();
  const logFile = join(root, 'postgres.log');
  let running = false;

  await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // fsync stays on: the test checks what survives a crash, and that needs the real durability of a commit.
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -k ${socketDir} -c max_connections=50`;

  /** The postmaster (first line of postmaster.pid) and every process it started. */
  async function signalAll(signal: NodeJS.Signals): Promise<void> {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]);
    for (const pid of [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)]) process.kill(pid, signal);
  }

  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start(settings = {}) {
      const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
      await pgTool('pg_ctl', ['start', '-D', dataDir, '-w', '-t', '30', '-l', logFile, '-o', options + extra.join('')]);
      running = true;
    },
    async stop(mode) {
      await pgTool('pg_ctl', ['stop', '-D', dataDir, '-w', '-t', '30', '-m', mode]);
      running = false;
    },
    async restart(mode = 'fast', settings = {}) {
      if (running) await cluster.stop(mode);
      await cluster.start(settings);
    },
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    async dispose() {
      if (running) await signalAll('SIGCONT').catch(() => {});
      if (running) await cluster.stop('immediate').catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return cluster;
}
