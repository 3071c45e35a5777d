/**
 * The whole-term grid in Chromium (issue 29), for `npm run bench`: a return of 100 expected programs at the bench's
 * million records. Its first draw, against the 150 ms; and saving a row as the grid does (from the key that
 * leaves an edited row until the row shows it saved), against the same PATCH sent with `fetch` from the same page;
 * and, for information, the typing and the save timed together as this bench measured them first.
 */
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/server/db/client.ts';
import { createInstitution } from '../src/server/test/factories.ts';
import { createProgram } from '../src/server/test/record-factories.ts';
import { ms, record, stats } from './bench-measure.ts';

const PROGRAMS = 100;
const SAVES = 15;

/** In the page, with `row` the row being saved: `saved`, settled once the row shows it saved as a draft. */
const ROW_SAVED = `const saved = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (row.dataset.state === 'draft' && !row.querySelector('[data-changed]')) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(row, { attributes: true, subtree: true });
  });`;

/**
 * In the page: type into row 0's first cell, press the down arrow, and answer the milliseconds until row 0 shows it
 * saved (the grid saves a row when the focus leaves it), the typing timed with the save. As measured before; reported
 * for information, beside the target's measure (LEAVE_ROW).
 * A string, so the bundler's helpers never reach the page.
 */
const EDIT_AND_SAVE_ROW = `
  const cell = document.querySelector('input[data-cell="0:0"]');
  // The input is the editor's, laid over the row (decision 041); the row's own cells say when it is saved.
  const row = document.querySelector('td[data-cell="0:0"]').closest('tr');
  ${ROW_SAVED}
  const began = performance.now();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(cell, String(value));
  cell.dispatchEvent(new Event('input', { bubbles: true }));
  cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
  await saved;
  return performance.now() - began;
`;

/** Until the page has drawn what it was last told: the frame after it is painted. */
const SETTLED = `await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));`;

/**
 * How long the server is left idle before each timed PATCH, the grid's and the bare one alike. A PATCH sent right
 * after another request is quicker than one sent after a pause (the same bare PATCH in the same page, 25 times each,
 * interleaved: 12.5 ms at once after the GET of the rows, 17.7 ms 100 ms after it, 16.3 ms 300 ms after it), so the
 * two must follow the same pause: as first measured, the bare PATCH went out at once after its untimed GET, the grid's
 * after a click and a frame.
 */
const IDLE_MS = 100;
const IDLE = `await new Promise((resolve) => setTimeout(resolve, ${IDLE_MS}));`;

/**
 * In the page: type into row 0's first cell and let the page draw it, untimed, as a person types and then presses a
 * key; then press the down arrow and answer the milliseconds until row 0 shows it saved. The issue's "saving a row":
 * from the key that leaves the row (the save is sent from it) to the row saved. Typing is not saving, and the bare
 * PATCH it is held against has no typing in it; timed with the save, the keystroke's own drawing (which a person waits
 * on as they type, not when they leave the row) counted as the save's, and so did the frame after it.
 */
const LEAVE_ROW = `
  const cell = document.querySelector('input[data-cell="0:0"]');
  const row = document.querySelector('td[data-cell="0:0"]').closest('tr');
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(cell, String(value));
  cell.dispatchEvent(new Event('input', { bubbles: true }));
  ${SETTLED}
  ${IDLE}
  ${ROW_SAVED}
  const began = performance.now();
  cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
  await saved;
  return performance.now() - began;
`;

export async function benchGrid(database: Database, base: string, cookie: string): Promise<void> {
  const group = 'whole-term grid (Chromium)';
  const institution = await createInstitution(database.db, { name: 'Bench Grid University', shortName: 'BGU' });
  for (let n = 0; n < PROGRAMS; n++)
    await createProgram(database.db, institution, { name: `Grid Program ${String(n).padStart(3, '0')}` });
  const period = await fetch(`${base}/api/periods`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ fiscal_year: '2090/91', term: 'Fall' }),
  });
  if (!period.ok) throw new Error(`PUT /api/periods: ${period.status} ${await period.text()}`);
  const [ret] = await queryRows<{ id: number }>(
    database.db,
    sql`SELECT tr.id FROM term_returns tr JOIN reporting_periods pe ON pe.id = tr.period_id
        WHERE tr.institution_id = ${institution} AND pe.fiscal_year = '2090/91' AND pe.term = 'Fall'`,
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, extraHTTPHeaders: { cookie } });
    const page = await context.newPage();
    const draws: number[] = [];
    const wholes: number[] = [];
    const measured = (name: string) =>
      page.waitForFunction((measure) => performance.getEntriesByName(measure)[0]?.duration, name, { timeout: 60_000 });
    for (let n = 0; n < 7; n++) {
      await page.goto(`${base}/returns/${ret!.id}/enter`);
      const took = await measured('entry-grid-draw');
      // The rows below the first screen are drawn whole after the first frame (decision 041): until then, how long.
      const whole = await measured('entry-grid-complete');
      if (n > 0) draws.push((await took.jsonValue()) as number);
      if (n > 0) wholes.push((await whole.jsonValue()) as number);
    }
    const rows = await page.locator('td[data-cell$=":0"]').count();
    if (rows !== PROGRAMS) throw new Error(`The grid drew ${rows} whole rows, not ${PROGRAMS}`);
    const draw = stats(draws);
    record(
      group,
      `first draw, ${PROGRAMS} programs × 27 figures`,
      ms(draw),
      '(absolute)',
      draw.median / 150,
      '≤ 150 ms',
      draw.median <= 150,
    );
    const whole = stats(wholes);
    record(group, `every row whole, ${PROGRAMS} programs × 27 figures`, ms(whole), '(absolute)', 0, '(information)', null);

    // Saving a row as the grid does: type into row 0, move to row 1, wait until row 0 is saved. The baseline PATCHes
    // row 2's record from the same page (its version read first, untimed); the grid makes both records first.
    for (const row of [2, 0]) {
      await page.locator(`td[data-cell="${row}:0"]`).click();
      await page.locator(`input[data-cell="${row}:0"]`).fill('50');
      await page.keyboard.press('ArrowDown');
      await page.locator(`tr[data-state="draft"]:has(td[data-cell="${row}:0"])`).waitFor();
    }
    /**
     * Saves of row 0 (`script`), each followed by the same PATCH of row 2's record by `fetch` (its version read first,
     * untimed), recorded as `name` against `target` (a ratio; null: for information). Before each save the editor goes
     * back to row 0 by a click, untimed. With `fair`, the page draws it before the save is timed, so that drawing is not
     * counted as the save's, and the bare PATCH waits IDLE_MS after reading its version, as the grid's save does after
     * the typing (as first measured, neither).
     */
    const saves = async (name: string, script: string, first: number, fair: boolean, target: number | null) => {
      const grid: number[] = [];
      const patch: number[] = [];
      for (let n = 0; n <= SAVES; n++) {
        await page.locator('td[data-cell="0:0"]').click();
        if (fair) await page.evaluate(`(async () => {\n${SETTLED}})()`);
        grid.push((await page.evaluate(`(async (value) => {\n${script}})(${first + n})`)) as number);
        patch.push(
          await page.evaluate(
            async ([value, idle]) => {
              const list = location.pathname.replace('/returns/', '/api/returns/').replace('/enter', '/records');
              const rows = (await (await fetch(list)).json()) as { record: { id: number; version: number } | null }[];
              const record = rows[2]!.record!;
              if (idle) await new Promise((resolve) => setTimeout(resolve, idle));
              const began = performance.now();
              const res = await fetch(`/api/records/${record.id}`, {
                method: 'PATCH',
                headers: { 'content-type': 'application/json', accept: 'application/json' },
                body: JSON.stringify({ version: record.version, students_enrolled: value }),
              });
              await res.json();
              return performance.now() - began;
            },
            [first + n, fair ? IDLE_MS : 0],
          ),
        );
      }
      const subject = stats(grid.slice(1));
      const baseline = stats(patch.slice(1));
      const ratio = subject.median / baseline.median;
      const [targetText, met] = target === null ? ['(information)', null] : [`≤ ${target}×`, ratio <= target];
      record(group, name, ms(subject), `${ms(baseline)} (the same PATCH by fetch)`, ratio, targetText, met);
    };

    await saves('save a row (leave it, until saved)', LEAVE_ROW, 100, true, 1.2);
    await saves('type into a row and save it, timed together (as measured before)', EDIT_AND_SAVE_ROW, 200, false, null);
  } finally {
    await browser.close();
  }
}
