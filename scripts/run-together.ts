/**
 * `tsx scripts/run-together.ts lint typecheck`: runs npm scripts at the same time and fails when any of them fails.
 * `npm test` starts with the linter and the type checker, each bound to one core for half a minute; side by side on
 * CI's two cores they take the time of the slower one. Each script's output is kept and printed whole once it ends,
 * so the log reads one script at a time, as when they ran one after the other.
 */
import { spawn } from 'node:child_process';

export interface Command {
  name: string;
  command: string;
  args: readonly string[];
}

export interface Finished {
  name: string;
  code: number;
  output: string;
}

/** Runs every command at once; answers each one's exit code and output (stdout and stderr as they came), in order. */
export function runTogether(commands: readonly Command[]): Promise<Finished[]> {
  return Promise.all(
    commands.map(
      ({ name, command, args }) =>
        new Promise<Finished>((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const chunks: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
          child.on('error', (error) => resolve({ name, code: 1, output: `${error.message}\n` }));
          child.on('close', (code) => resolve({ name, code: code ?? 1, output: Buffer.concat(chunks).toString() }));
        }),
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scripts = process.argv.slice(2);
  if (scripts.length === 0) {
    console.error('Usage: tsx scripts/run-together.ts SCRIPT [SCRIPT ...]   (npm scripts of package.json)');
    process.exit(2);
  }
  const results = await runTogether(scripts.map((name) => ({ name, command: 'npm', args: ['run', '--silent', name] })));
  for (const { name, code, output } of results) {
    console.log(`\n> npm run ${name}${code === 0 ? '' : `  (failed, exit ${code})`}`);
    process.stdout.write(output);
  }
  const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
  if (failed.length > 0) console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(failed.length > 0 ? 1 : 0);
}
