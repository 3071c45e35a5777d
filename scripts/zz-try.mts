import { openDatabase } from '../src/server/db/client.ts';
import { runReport } from '../src/server/modules/reports/reports.repo.ts';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/tmp/x' });
const params = JSON.parse(process.argv[2] ?? '{}');
for (const type of process.argv[3]!.split(',')) {
  for (const rule of ['off', undefined] as const) {
    const times: number[] = [];
    let r;
    for (let i = 0; i < 3; i++) { const t = performance.now(); r = await runReport(database.db, type as never, params, [5], rule); times.push(performance.now() - t); }
    times.sort((a, b) => a - b);
    console.log(type, rule ?? 'on', times[1]!.toFixed(0), JSON.stringify(r!.suppressed).slice(0, 120));
  }
}
process.exit(0);
