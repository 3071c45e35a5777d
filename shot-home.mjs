import { chromium } from 'playwright';
const base = 'http://127.0.0.1:3140';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [user, path] of [['writer', '/'], ['instadmin', '/'], ['appadmin', '/'], ['writer', '/returns'], ['appadmin', '/records/1'], ['appadmin', '/admin/periods']]) {
  for (const width of [1366, 390]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.request.post(base + '/api/login/direct', { data: { username: user }, headers: { origin: base } });
    await page.goto(base + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/shot-${user}-${path.replace(/\//g, '_')}-${width}.png`, fullPage: width === 1366 });
    await ctx.close();
  }
}
await browser.close();
