import { readFileSync } from 'node:fs';
import loadHighs from 'highs';
const d = JSON.parse(readFileSync('/tmp/audit-dump.json', 'utf8'));
const h = await loadHighs();
const sys = d.linear;
const fin = (v: number | null, up: boolean) => (v === null ? (up ? h.infinity : -h.infinity) : v);
const starts = [0]; const idx: number[] = []; const val: number[] = [];
for (const r of sys.rows) { idx.push(...r.indices); val.push(...r.values); starts.push(idx.length); }
const n = sys.numVars;
for (const strategy of [4, 1, 0]) {
  const model = h.createModel({ numCols: n, numRows: sys.rows.length, colCost: new Float64Array(n),
    colLower: sys.varLower.map((v: any) => fin(v, false)), colUpper: sys.varUpper.map((v: any) => fin(v, true)),
    rowLower: sys.rows.map((r: any) => fin(r.lower, false)), rowUpper: sys.rows.map((r: any) => fin(r.upper, true)),
    matrix: { format: 'csr', numRows: sys.rows.length, numCols: n, starts, indices: idx, values: val } });
  model.options.set({ output_flag: false, presolve: 'off', simplex_strategy: strategy });
  let costed: number[] = [];
  const t0 = Date.now(); let iters = 0;
  const targets = d.targets.filter((t: any) => t.level === 'cell' && t.truth > 0).slice(0, 40);
  for (const t of targets) for (const sense of [1, -1]) {
    if (costed.length) model.changeColsCost({ kind: 'set', indices: costed }, new Float64Array(costed.length));
    model.changeColsCost({ kind: 'set', indices: t.indices }, t.values);
    costed = t.indices;
    model.changeObjectiveSense(sense === 1 ? h.constants.objectiveSense.minimize : h.constants.objectiveSense.maximize);
    model.run();
    iters += Number(model.info.get('simplex_iteration_count'));
  }
  console.log('strategy', strategy, (Date.now() - t0) / (2 * targets.length), 'ms/LP', iters / (2 * targets.length), 'iters');
  model.dispose();
}
