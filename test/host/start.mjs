// `npm start`'s first run as a new user has it: the same setup (scripts/demo.mjs: the VSIX from
// `npm run package`, the demo setup extension, a copy of demo/, the scripted model), its printed URL
// opened in a fresh Chromium profile, and the workbench driven from outside as a person would: the
// demo README and the walkthrough on start, a model in the chat view, `@lsp /references` and `#lsp`
// started by the walkthrough's buttons and answered, each other step's button filling the card (a
// query asking for a name, with no editor in front), an edit that breaks checkout.ts found by Show
// Problems, the agent setup rendered, a file opened from Quick Open revealed inside the workspace,
// and no tab open that nobody asked for.
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

/** The texts of `selector` in `frame`, as a person reads them (the chat writes spaces as no-break spaces). */
const textsIn = (frame, selector) => frame.$$eval(selector, (els) => els.map((e) => (e.textContent ?? '').replace(/\u00a0/g, ' ')));

/** The texts of `selector` in every frame: the card is a webview, an iframe in an iframe. */
async function frameTexts(page, selector) {
  const found = [];
  for (const frame of page.frames()) {
    try {
      found.push(...(await textsIn(frame, selector)));
    } catch {
      /* a frame that went away */
    }
  }
  return found;
}

/** Opens `name` from Quick Open, with the keyboard in the editor area (not in a webview, which keeps the keys). */
async function quickOpen(page, name) {
  await page.locator('.tabs-container .tab[aria-label^="README.md"]').click();
  await page.keyboard.press('Control+KeyP');
  await answerWhenListed(page, name);
}

/** Answers the input box or quick pick in front with `value`. */
async function answer(page, value) {
  // Filled and entered on the box itself: a walkthrough's button takes the keyboard back after its command opens the box.
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input');
  await input.waitFor({ state: 'visible' });
  await input.fill(value);
  await input.press('Enter');
  // The box closes once it took the answer. An Enter that came while the box was still being shown is lost (seen once): pressed again.
  if (
    await widget.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    return;
  await input.press('Enter');
  await widget.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Brings the walkthrough's tab to the front: then no text editor is active, as when a person clicks a step's button. */
async function showWalkthrough(page) {
  // The walkthrough's tab is kept open (checked after the first answer); the Welcome editor in it may have gone back to
  // its list of walkthroughs: then the walkthrough is opened again, as a person would.
  if (await page.locator(WALKTHROUGH_TAB).count()) {
    await page.locator(WALKTHROUGH_TAB).first().click();
    await new Promise((r) => setTimeout(r, 500));
    // The Welcome editor may come back on its list of walkthroughs (its steps disabled).
    if (!(await page.locator('.gettingStartedSlideDetails .getting-started-step').first().isDisabled())) return;
  }
  await page.keyboard.press('F1');
  // The palette's `>`: filled over, it must stay.
  await answerWhenListed(page, '>Welcome: Open Walkthrough', 'Welcome: Open Walkthrough');
  await answerWhenListed(page, 'Precise code navigation');
  await page.locator('.gettingStartedSlideDetails .getting-started-step:not([disabled])').first().waitFor();
}

/** Fills the quick input in front with `value` and, once a row shows `listed`, takes the first row. */
async function answerWhenListed(page, value, listed = value) {
  const input = page.locator('.quick-input-widget input');
  await input.fill(value);
  await waitFor(
    async () => (await text(page, '.quick-input-list .monaco-list-row')).join('\n'),
    (t) => t.includes(listed),
    15_000,
  );
  await input.press('Enter');
}

/** Clicks the walkthrough step `id` (lspTool.<id>), then its button, as a person does. */
async function clickStep(page, id, button) {
  const step = `.getting-started-step[data-step-id="lsp-tool.lsp-tool#lspTool.gettingStarted#lspTool.${id}"]`;
  await page.locator(step).click();
  await page.locator(`${step} .button-container a.monaco-button`, { hasText: button }).click();
}
const WALKTHROUGH_TAB = '.tabs-container .tab[aria-label^="Welcome"]';
const WALKTHROUGH_LABEL = /^Welcome/;

/** The chat input's text (with any placeholder the input shows). */
const chatInput = (page) => text(page, '.interactive-input-part .view-lines').then((t) => t.join('\n'));

/**
 * Clicks the walkthrough step `id`'s button, which opens the chat with `prefilled` in its input, as a person does; ends the
 * prompt with `rest` and sends it. Resolves to the input as the button left it, and the responses as askInChat's.
 */
async function askFromStep(page, id, button, prefilled, rest, answered, timeoutMs) {
  await showWalkthrough(page);
  await clickStep(page, id, button);
  const input = await waitFor(
    () => chatInput(page),
    (t) => t.includes(prefilled.trim()),
    15_000,
  );
  if (!input.includes(prefilled.trim())) return { input, responses: [] };
  // The walkthrough takes the keyboard back once its button's command ran.
  await new Promise((r) => setTimeout(r, 1_000));
  return { input, responses: await askInChat(page, rest, answered, timeoutMs) };
}

/** Ends the chat input's text with `prompt` and sends it; resolves to the responses once `answered` accepts them, one fails, or the time is up. */
async function askInChat(page, prompt, answered, timeoutMs) {
  // A walkthrough's button takes the keyboard back after its command ran: typed again while the input lacks it.
  for (let i = 0; i < 3 && !(await chatInput(page)).includes(prompt); i++) {
    await page.locator('.interactive-input-part .monaco-editor').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(prompt);
    await waitFor(
      () => chatInput(page),
      (t) => t.includes(prompt),
      2_000,
    );
  }
  // A `#` reference's suggestions would take the Enter.
  if (await page.locator('.suggest-widget.visible').count()) await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  return waitFor(
    () => text(page, '.interactive-response'),
    (t) => answered(t) || t.some((r) => /unavailable|error/i.test(r)),
    timeoutMs,
  );
}

/** Waits until the card's title reads `title`; resolves to the titles shown. */
const cardShows = (page, title, timeoutMs = 60_000) =>
  waitFor(
    () => frameTexts(page, '.card-title'),
    (t) => t.includes(title),
    timeoutMs,
  );

const text = (page, selector) => textsIn(page.mainFrame(), selector);
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
  try {
    page = await newWindowPage(await browser.get(), { viewport: { width: 1400, height: 900 } });
    await page.goto(url);

    // On start: the demo's README, what to try, and the walkthrough in front of it; nothing else.
    const startTabs = await waitFor(
      () => tabs(page),
      (t) => t.length > 1,
      60_000,
    );
    await record(
      'on start, the demo README and the walkthrough are open, the only tabs',
      startTabs.length === 2 && /^README\.md/.test(startTabs[0]) && WALKTHROUGH_LABEL.test(startTabs[1]) ? undefined : `tabs: ${JSON.stringify(startTabs)}`,
    );
    const walkthrough = await waitFor(
      async () => (await text(page, '.gettingStartedContainer')).join('\n'),
      (t) => t.includes('Precise code navigation for chat and for you'),
      30_000,
    );
    await record(
      "lsp-tool's walkthrough shows, with a step for every tool",
      [
        'Let an agent call #lsp',
        'Ask @lsp yourself',
        'Find where a name is declared',
        'See who calls a function',
        'See what an edit broke',
        'Connect a terminal agent',
      ].every((t) => walkthrough.includes(t))
        ? undefined
        : `walkthrough: ${JSON.stringify(walkthrough.slice(0, 400))}`,
    );
    await page.locator('.tabs-container .tab[aria-label^="README.md"]').click();
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

    // The walkthrough's "Ask @lsp" button starts the prompt; the rest is typed. orderTotal's declaration in order.ts, and its import
    // and call in checkout.ts, as the participant lists them.
    const answered = (t) => t.some((r) => /3 locations/.test(r) && r.includes('src/order.ts') && r.includes('src/checkout.ts'));
    const participantAsked = await askFromStep(page, 'participant', 'Ask @lsp', '@lsp /references ', 'src/order.ts:19:17', answered, 60_000);
    await record(
      `the walkthrough's "Ask @lsp" starts the prompt, and @lsp /references src/order.ts:19:17 answers with the references`,
      answered(participantAsked.responses)
        ? undefined
        : `chat input after the button: ${JSON.stringify(participantAsked.input)}, responses: ${JSON.stringify(participantAsked.responses)}`,
    );
    // lsp-tool's follow-along reveals the asked position in a preview editor, beside the README and the walkthrough,
    // which follow-along kept (no longer a preview the answer's could take the place of).
    const chatTabs = await tabs(page);
    await record(
      'the chat answer opened no tab but the asked file, beside the README and the walkthrough, kept',
      /^README\.md/.test(chatTabs[0]) &&
        chatTabs.some((t) => /^order\.ts/.test(t)) &&
        chatTabs.some((t) => WALKTHROUGH_LABEL.test(t) && !/preview/.test(t)) &&
        chatTabs.every((t) => /^(README\.md|order\.ts)/.test(t) || WALKTHROUGH_LABEL.test(t)) &&
        new Set(chatTabs.map((t) => t.split(',')[0])).size === chatTabs.length
        ? undefined
        : `tabs: ${JSON.stringify(chatTabs)}`,
    );

    // `#lsp` in Agent mode, from the walkthrough's "Ask with #lsp": the scripted model calls the lsp tool (orderTotal's references,
    // then its hover), and the card follows.
    const agentAnswered = (t) => t.some((r) => r.includes('orderTotal is declared at src/order.ts:19:17'));
    const agentAsked = await askFromStep(page, 'tool', 'Ask with #lsp', '#lsp Who calls ', 'orderTotal?', agentAnswered, 90_000);
    await record(
      `the walkthrough's "Ask with #lsp" starts the prompt; in Agent mode the model calls the tool and answers`,
      agentAnswered(agentAsked.responses)
        ? undefined
        : `chat input after the button: ${JSON.stringify(agentAsked.input)}, responses: ${JSON.stringify(agentAsked.responses)}`,
    );

    // The walkthrough's steps, each by its button: with the walkthrough in front no editor has a cursor, so a query asks for a name.
    const steps = [
      // The agent's last call: orderTotal's hover.
      { id: 'card', button: 'Show the LSP Card', title: 'Hover on orderTotal' },
      { id: 'commands', button: 'Find References', name: 'orderTotal', title: 'References to orderTotal' },
      { id: 'symbols', button: 'Find a Symbol', name: 'charge', title: 'Symbols matching charge' },
      { id: 'callers', button: 'Show Callers', name: 'lineTotal', title: 'Callers of lineTotal' },
    ];
    for (const step of steps) {
      await showWalkthrough(page);
      await clickStep(page, step.id, step.button);
      if (step.name !== undefined) await answer(page, step.name);
      const titles = await cardShows(page, step.title);
      await record(
        `the walkthrough's "${step.button}"${step.name === undefined ? '' : ` (${step.name}, asked for by name)`}: the card shows "${step.title}"`,
        titles.includes(step.title) ? undefined : `card titles: ${JSON.stringify(titles)}`,
      );
    }
    const callers = (await frameTexts(page, '#content')).join('\n');
    await record(
      'the callers tree names orderTotal, which calls lineTotal',
      callers.includes('orderTotal') ? undefined : `card: ${JSON.stringify(callers.slice(0, 300))}`,
    );

    // Break something on purpose, as the demo README says: addTax loses its rate; Show Problems finds the error in money.ts and the call in checkout.ts.
    await quickOpen(page, 'money.ts');
    await page.waitForSelector('.tabs-container .tab.active[aria-label^="money.ts"]');
    // `, rate: number` is line 10's columns 37 to 50.
    await page.keyboard.press('Control+KeyG');
    await answer(page, ':10:37');
    for (let i = 0; i < ', rate: number'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Control+KeyS');
    const edited = (await text(page, '.editor-instance .view-lines')).join('\n');
    await record(
      'the edit took: addTax has no rate',
      edited.includes('addTax(amount: Cents)') ? undefined : `editor text: ${JSON.stringify(edited.slice(0, 400))}`,
    );
    await showWalkthrough(page);
    await clickStep(page, 'problems', 'Show Problems');
    const problems = await waitFor(
      async () => (await frameTexts(page, '#content')).join('\n'),
      (t) => t.includes('checkout.ts') && t.includes('money.ts'),
      90_000,
    );
    await record(
      'Show Problems lists the error in money.ts and the broken call in checkout.ts, a file nobody opened',
      problems.includes('checkout.ts') && problems.includes('money.ts') ? undefined : `card: ${JSON.stringify(problems.slice(0, 400))}`,
    );

    // Connect an Agent: the setup opens rendered, and names every tool.
    await showWalkthrough(page);
    await clickStep(page, 'agent', 'Connect an Agent');
    await answerWhenListed(page, 'Claude Code');
    const setup = await waitFor(
      () => frameTexts(page, '.markdown-body, body.vscode-body'),
      (t) => t.some((b) => b.includes('claude mcp add') && b.includes('lsp_diagnostics')),
      30_000,
    );
    await record(
      'Connect an Agent opens the Claude Code setup rendered, naming lsp_diagnostics',
      setup.some((b) => b.includes('claude mcp add') && b.includes('lsp_diagnostics'))
        ? undefined
        : `rendered: ${JSON.stringify(setup.map((b) => b.slice(0, 200)))}`,
    );

    // A file opened from Quick Open is inside the workspace: the Explorer reveals it, the breadcrumbs are relative.
    await quickOpen(page, 'receipt.ts');
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
    // Asked for: the README and the walkthrough (on start), money.ts and receipt.ts (opened), the setup (Connect an Agent), and
    // one preview, where follow-along showed the latest answer. Nothing else: no tsconfig.json from Show Problems.
    const endTabs = await tabs(page);
    // The setup's Markdown preview follows the Markdown editor in front (VS Code's dynamic preview): here the README, clicked for Quick Open.
    const asked = [/^README\.md/, WALKTHROUGH_LABEL, /^money\.ts/, /^receipt\.ts/, /^Preview (Claude Code setup|README)\.md/];
    const previews = endTabs.filter((t) => /, preview/.test(t) && !asked.some((a) => a.test(t)));
    await record(
      'only the tabs asked for are open: the README, the walkthrough, the opened files, the setup, one preview of the latest answer',
      /^README\.md/.test(endTabs[0]) &&
        endTabs.some((t) => WALKTHROUGH_LABEL.test(t)) &&
        endTabs.every((t) => asked.some((a) => a.test(t)) || (previews.includes(t) && /^\w+\.ts, preview/.test(t))) &&
        previews.length <= 1 &&
        new Set(endTabs.map((t) => t.split(',')[0])).size === endTabs.length
        ? undefined
        : `tabs: ${JSON.stringify(endTabs)}`,
    );
  } catch (err) {
    // A step that could not go on: what passed before it stays recorded.
    await record('the first run goes on to its end', err instanceof Error ? (err.stack ?? err.message) : String(err));
  }
  return records;
}
