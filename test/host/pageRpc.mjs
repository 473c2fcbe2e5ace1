// Lets tests inside the extension host drive and inspect the workbench page (Playwright) over HTTP
// on 127.0.0.1: webview DOM, chat DOM, clicks, keys, focus and screenshots.
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

async function findAll(page, selector, text) {
  const found = [];
  for (const frame of page.frames()) {
    let texts;
    // One round trip per frame: thousands of rows must not mean thousands of calls.
    try {
      texts = await frame.$$eval(selector, (els) => els.map((e) => e.textContent ?? ''));
    } catch {
      continue;
    }
    texts.forEach((raw, index) => {
      // Chat markdown turns spaces into no-break spaces; compare text as a person reads it.
      const content = raw.replace(/\u00a0/g, ' ');
      if (text === undefined || content.includes(text)) found.push({ frame, text: content, handle: frame.locator(selector).nth(index) });
    });
  }
  return found;
}

async function waitForAll(page, selector, text, timeoutMs = 20_000, min = 1) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await findAll(page, selector, text);
    if (found.length >= min || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function startPageRpc(getPage, artifactsDir) {
  mkdirSync(artifactsDir, { recursive: true });
  /** The workbench page's CPU profiler (Chrome DevTools Protocol), for the benchmark. */
  let profiler;
  const handlers = {
    async profileStart() {
      const page = getPage();
      profiler = await page.context().newCDPSession(page);
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
      return { started: true };
    },
    async profileStop({ path }) {
      if (!profiler) throw new Error('the page profiler was not started');
      const { profile } = await profiler.send('Profiler.stop');
      await profiler.detach();
      profiler = undefined;
      writeFileSync(path, JSON.stringify(profile));
      return { path };
    },
    async query({ selector, text, timeoutMs, min }) {
      const found = await waitForAll(getPage(), selector, text, timeoutMs ?? 0, min ?? 1);
      return { count: found.length, texts: found.slice(0, 200).map((f) => f.text) };
    },
    async click({ selector, text, nth = 0, timeoutMs, dispatch = false }) {
      const found = await waitForAll(getPage(), selector, text, timeoutMs ?? 10_000);
      if (!found[nth]) throw new Error(`no element ${selector} #${nth}`);
      // `dispatch` fires the DOM event directly, for elements a sticky header may cover.
      if (dispatch) await found[nth].handle.dispatchEvent('click');
      else await found[nth].handle.click();
      return { clicked: true };
    },
    async focus({ selector, nth = 0 }) {
      const found = await waitForAll(getPage(), selector, undefined, 10_000);
      if (!found[nth]) throw new Error(`no element ${selector} #${nth}`);
      await found[nth].handle.focus();
      return { focused: true };
    },
    async press({ key }) {
      await getPage().keyboard.press(key);
      return { pressed: key };
    },
    async type({ text }) {
      await getPage().keyboard.type(text);
      return { typed: text };
    },
    async activeElement() {
      return getPage().evaluate(() => {
        const el = document.activeElement;
        if (!el) return { tag: null };
        const part = el.closest('.part');
        return {
          tag: el.tagName,
          className: String(el.className),
          part: part ? String(part.id || part.className) : null,
          inEditor: !!el.closest('.editor-instance, .monaco-editor'),
        };
      });
    },
    async screenshot({ name, selector }) {
      const page = getPage();
      const path = join(artifactsDir, `${name}.png`);
      if (selector) {
        const [first] = await waitForAll(page, selector, undefined, 5000);
        if (!first) throw new Error(`no element ${selector} to screenshot`);
        await first.handle.screenshot({ path });
      } else {
        await page.screenshot({ path });
      }
      return { path };
    },
    async evaluateInFrame({ selector, expression }) {
      const [first] = await waitForAll(getPage(), selector, undefined, 10_000);
      if (!first) throw new Error(`no frame with ${selector}`);
      return { value: await first.frame.evaluate(expression) };
    },
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', async () => {
      const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, headers);
        res.end();
        return;
      }
      try {
        const { op, ...args } = JSON.parse(body || '{}');
        const handler = handlers[op];
        if (!handler) throw new Error(`unknown op ${op}`);
        const result = await handler(args);
        res.writeHead(200, headers);
        res.end(JSON.stringify({ ok: true, result }));
      } catch (err) {
        res.writeHead(200, headers);
        res.end(JSON.stringify({ ok: false, error: String(err?.stack ?? err) }));
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
