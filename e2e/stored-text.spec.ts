import { type Page } from '@playwright/test';
import { CREDENTIALS, DISCIPLINES, PARTICIPATION, WIL_TYPES } from '../src/shared/constants.ts';
import { expect, fiscalYearAhead, signInAs, test } from './fixtures.ts';

/**
 * What people type is shown back as text on every screen (ASVS 5.3.3): markup stored in a program's name and a
 * record's notes appears literally and never becomes elements. (The CSP would also stop an injected handler from
 * running; this test checks the escaping itself, by looking for the elements.)
 */
const MARKUP = '<img src=x onerror="window.__injected=1"><b data-injected>bold</b><script>window.__injected=1</script>';

async function expectShownAsText(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
  await expect(page.locator('[data-injected], img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined();
}

test('markup typed into a program name and a record’s notes is shown as text, never run', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, 'appadmin');
  const institutions = (await (await admin.request.get('/api/institutions')).json()) as { id: number; short_name: string }[];
  const uvic = institutions.find((i) => i.short_name === 'UVic')!.id;
  const programName = `Markup ${Date.now()} ${MARKUP}`;
  const program = await admin.request.put('/api/programs', {
    data: {
      institution_id: uvic,
      name: programName,
      discipline: DISCIPLINES[0],
      credential: CREDENTIALS[0],
      wil_type: WIL_TYPES[0],
      participation: PARTICIPATION[0],
    },
  });
  expect(program.ok(), await program.text()).toBe(true);
  const programId = ((await program.json()) as { id: number }).id;
  const record = await admin.request.put('/api/records', {
    data: { institution_id: uvic, program_id: programId, fiscal_year: fiscalYearAhead(0), term: 'Fall', notes: MARKUP },
  });
  expect(record.ok(), await record.text()).toBe(true);
  const recordId = ((await record.json()) as { id: number }).id;

  // The stored text comes back exactly as typed.
  expect(((await (await admin.request.get(`/api/records/${recordId}`)).json()) as { notes: string }).notes).toBe(MARKUP);

  await admin.goto(`/programs?q=${encodeURIComponent('Markup')}`);
  await expectShownAsText(admin, programName);
  await admin.goto(`/records/${recordId}`);
  await expectShownAsText(admin, programName);
  await expect(admin.getByLabel('Notes')).toHaveValue(MARKUP);

  // A reader sees the record's read-only view and the browse table.
  const reader = await (await browser.newContext()).newPage();
  await signInAs(reader, 'reader');
  await reader.goto(`/records/${recordId}`);
  await expectShownAsText(reader, MARKUP);
  await expectShownAsText(reader, programName);
  await reader.goto(`/records?programIds=${programId}`);
  await expectShownAsText(reader, programName);
});
