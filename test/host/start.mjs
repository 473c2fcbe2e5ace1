// `npm start`'s first run as a new user has it: the same setup (scripts/demo.mjs: the VSIX from
// `npm run package`, the demo setup extension, a copy of demo/, the scripted model), its printed URL
// opened in a fresh Chromium profile, and the workbench driven from outside as a person would: the
// demo README on start, a model in the chat view, `@lsp /references` answered, a file opened from
// Quick Open revealed inside the workspace, and no tab open that nobody asked for.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { COPILOT_MODELS } from './copilot.mjs';
import { newWindowPage } from './host.mjs';
import { packageDemoVsix, repo, startDemo } from '../../scripts/demo.mjs';

const MODEL = COPILOT_MODELS[0].name;

/** Polls `probe` (a page function's result) until `ok` accepts it; returns the last value either way. */
async function waitFor(probe, ok, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const text = (page, selector) => page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => (e.textContent ?? '').replace(/\u00a0/g, ' ')), selector);
const tabs = (page) => page.evaluate(() => [...document.querySelectorAll('.tabs-container .tab')].map((e) => e.getAttribute('aria-label') ?? ''));

/** Runs the first-run test in a page of `browser` (a sharedBrowser()); resolves to records. */
export async function runStartTest(browser) {
  const records = [];
  const t0 = Date.now();
  let page;
  const shots = join(repo, 'test-results', 'npm-start-first-run');
  const record = async (title, error) => {
    records.push(error === undefined ? { title, state: 'passed', durationMs: Date.now() - t0 } : { title, state: 'failed', error });
    if (error !== undefined && page) {
      // What the page showed when a check failed.
      mkdirSync(shots, { recursive: true });
      const path = join(shots, `${records.length}.png`);
      await page.screenshot({ path });
      records.at(-1).error += `\n(screenshot: ${path})`;
    }
    return error === undefined;
  };
  const vsix = packageDemoVsix({ stdio: ['ignore', 'ignore', 'inherit'] });
  const { url, demo, model, modelReason } = await startDemo({ vsix, quiet: true });
  if (!(await record('npm start serves the scripted chat model', model ? undefined : modelReason))) return records;
  page = await newWindowPage(await browser.get(), { viewport: { width: 1400, height: 900 } });
  await page.goto(url);

  // The demo's README, what to try, is what shows on start, and alone.
  const startTabs = await waitFor(
    () => tabs(page),
    (t) => t.length > 0,
    60_000,
  );
  await record(
    'on start, the demo README is open, the only tab',
    startTabs.length === 1 && /^README\.md/.test(startTabs[0]) ? undefined : `tabs: ${JSON.stringify(startTabs)}`,
  );
  const readme = (await text(page, '.editor-instance .view-lines')).join('\n');
  await record("the README shown is the demo's", readme.includes('A small shop') ? undefined : `editor text: ${JSON.stringify(readme.slice(0, 200))}`);

  // A fresh profile: Copilot Chat was off on first load; the model must show up in the picker.
  await page.keyboard.press('Control+Alt+KeyI');
  const input = await waitFor(
    async () => (await text(page, '.interactive-input-part')).join('\n'),
    (t) => t.includes(MODEL),
    60_000,
  );
  if (!(await record(`the chat view offers the scripted model "${MODEL}"`, input.includes(MODEL) ? undefined : `chat input: ${JSON.stringify(input)}`)))
    return records;

  await page.locator('.interactive-input-part .monaco-editor').first().click();
  await page.keyboard.type('@lsp /references src/order.ts:19:17');
  await page.keyboard.press('Enter');
  // orderTotal's declaration in order.ts, and its import and call in checkout.ts, as the participant lists them.
  const answered = (t) => t.some((r) => /3 locations/.test(r) && r.includes('src/order.ts') && r.includes('src/checkout.ts'));
  const responses = await waitFor(
    () => text(page, '.interactive-response'),
    (t) => answered(t) || t.some((r) => /unavailable|error/i.test(r)),
    60_000,
  );
  await record('@lsp /references src/order.ts:19:17 answers with the references', answered(responses) ? undefined : `responses: ${JSON.stringify(responses)}`);
  // lsp-tool's follow-along reveals the asked position in a preview editor, beside the README.
  const chatTabs = await tabs(page);
  await record(
    'the chat answer opened no tab but the asked file, beside the README',
    chatTabs.length === 2 && /^README\.md/.test(chatTabs[0]) && /^order\.ts/.test(chatTabs[1]) ? undefined : `tabs: ${JSON.stringify(chatTabs)}`,
  );

  // A file opened from Quick Open is inside the workspace: the Explorer reveals it, the breadcrumbs are relative.
  await page.keyboard.press('Control+KeyP');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type('receipt.ts');
  await waitFor(
    async () => (await text(page, '.quick-input-list .monaco-list-row')).join('\n'),
    (t) => t.includes('receipt.ts'),
    15_000,
  );
  await page.keyboard.press('Enter');
  const selected = await waitFor(
    async () => (await text(page, '.explorer-folders-view .monaco-list-row.selected')).join('|'),
    (t) => t.includes('receipt.ts'),
    15_000,
  );
  await record('the Explorer reveals the opened file', selected.includes('receipt.ts') ? undefined : `selected rows: ${JSON.stringify(selected)}`);
  const crumbs = await waitFor(
    async () => (await text(page, '.breadcrumbs-control .monaco-breadcrumb-item')).join(' > '),
    (t) => t.includes('receipt.ts'),
    15_000,
  );
  await record(
    'the breadcrumbs show the path inside the workspace, not the full one',
    crumbs.includes('receipt.ts') && crumbs.startsWith('src') && !crumbs.includes(demo.split('/')[1]) ? undefined : `breadcrumbs: ${JSON.stringify(crumbs)}`,
  );
  const endTabs = await tabs(page);
  const asked = [/^README\.md/, /^order\.ts/, /^receipt\.ts/];
  await record(
    'only the tabs asked for are open: the README, the asked file (unless the next preview took its place), the opened file',
    /^README\.md/.test(endTabs[0]) &&
      endTabs.some((t) => /^receipt\.ts/.test(t)) &&
      endTabs.every((t) => asked.some((a) => a.test(t))) &&
      new Set(endTabs.map((t) => t.split(',')[0])).size === endTabs.length
      ? undefined
      : `tabs: ${JSON.stringify(endTabs)}`,
  );
  return records;
}
