// Bad input, load, faults, leaks and security: the extension never crashes, hangs or leaks.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { activateExtension, EXTENSION_ID, expectCode, faultCalls, folderUri, invoke, measure, page, pageTexts, query, setSetting, until } from './helpers';

const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
const ok = { operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 5, character: 13 };

interface Case {
  name: string;
  input: Record<string, unknown>;
  /** An error code, or 'ok' for a successful answer. */
  expect: string;
  pattern?: RegExp;
  /** The pattern applies to the model's text only (the canonical value carries no notes). */
  textOnly?: boolean;
}

function generated(): string {
  return path.join(folderUri('basic').fsPath, 'generated');
}

function cases(): Case[] {
  const base = ok;
  return [
    {
      name: 'missing operation',
      input: { file_path: 'basic/src/main.ts', line: 1, character: 1 },
      expect: 'LSP_INVALID_ARGUMENT',
      pattern: /missing required property "operation"/,
    },
    {
      name: 'missing file_path',
      input: { operation: 'hover', line: 1, character: 1 },
      expect: 'LSP_INVALID_ARGUMENT',
      pattern: /missing required property "file_path"/,
    },
    { name: 'missing line', input: { operation: 'hover', file_path: 'a.ts', character: 1 }, expect: 'LSP_INVALID_ARGUMENT', pattern: /"line"/ },
    { name: 'missing character', input: { operation: 'hover', file_path: 'a.ts', line: 1 }, expect: 'LSP_INVALID_ARGUMENT', pattern: /"character"/ },
    { name: 'empty object', input: {}, expect: 'LSP_INVALID_ARGUMENT', pattern: /Call lsp with/ },
    { name: 'line as a string', input: { ...base, line: '5' }, expect: 'LSP_INVALID_ARGUMENT', pattern: /"line" must be a number/ },
    { name: 'character as a string', input: { ...base, character: '13' }, expect: 'LSP_INVALID_ARGUMENT', pattern: /"character" must be a number/ },
    // Through invokeTool these cross a JSON boundary and arrive as null: "must be a number".
    { name: 'line NaN', input: { ...base, line: Number.NaN }, expect: 'LSP_INVALID_ARGUMENT', pattern: /"line" must be a (finite JSON )?number/ },
    {
      name: 'line Infinity',
      input: { ...base, line: Number.POSITIVE_INFINITY },
      expect: 'LSP_INVALID_ARGUMENT',
      pattern: /"line" must be a (finite JSON )?number/,
    },
    { name: 'line 1.5', input: { ...base, line: 1.5 }, expect: 'LSP_INVALID_ARGUMENT', pattern: /line must be a positive integer/ },
    { name: 'line 0', input: { ...base, line: 0 }, expect: 'LSP_INVALID_ARGUMENT', pattern: /first line of a file is 1/ },
    { name: 'line -1', input: { ...base, line: -1 }, expect: 'LSP_INVALID_ARGUMENT' },
    { name: 'character 0', input: { ...base, character: 0 }, expect: 'LSP_INVALID_ARGUMENT', pattern: /first column of a line is 1/ },
    { name: 'character -1', input: { ...base, character: -1 }, expect: 'LSP_INVALID_ARGUMENT' },
    { name: 'character 1.5', input: { ...base, character: 1.5 }, expect: 'LSP_INVALID_ARGUMENT' },
    { name: 'line 1e9', input: { ...base, line: 1e9 }, expect: 'LSP_POSITION_OUT_OF_RANGE', pattern: /has 7 lines/ },
    { name: 'character 1e9', input: { ...base, character: 1e9 }, expect: 'LSP_POSITION_OUT_OF_RANGE', pattern: /Pass a character from 1 to 32/ },
    { name: 'unknown operation', input: { ...base, operation: 'rename' }, expect: 'LSP_INVALID_ARGUMENT', pattern: /must be one of/ },
    { name: 'empty operation', input: { ...base, operation: '' }, expect: 'LSP_INVALID_ARGUMENT' },
    { name: 'operation in the wrong case', input: { ...base, operation: 'GoToDefinition' }, expect: 'LSP_INVALID_ARGUMENT' },
    { name: 'empty path', input: { ...base, file_path: '' }, expect: 'LSP_INVALID_ARGUMENT', pattern: /non-empty string/ },
    { name: 'whitespace path', input: { ...base, file_path: '  \t ' }, expect: 'LSP_INVALID_ARGUMENT', pattern: /non-empty string/ },
    { name: 'path as a number', input: { ...base, file_path: 42 }, expect: 'LSP_INVALID_ARGUMENT', pattern: /"file_path" must be a string/ },
    { name: 'symbol as a number', input: { ...base, symbol: 7 }, expect: 'LSP_INVALID_ARGUMENT', pattern: /"symbol" must be a string/ },
    {
      name: '.. traversal out of the workspace',
      input: { ...base, file_path: '../outside/external.ts', line: 1, character: 14 },
      expect: 'LSP_OUTSIDE_WORKSPACE_DENIED',
    },
    {
      name: 'deep .. traversal to /etc/passwd',
      input: { ...base, file_path: '../../../../../../../../etc/passwd', line: 1, character: 1 },
      expect: 'LSP_OUTSIDE_WORKSPACE_DENIED',
    },
    {
      name: 'a symlink pointing outside',
      input: { ...base, file_path: 'basic/linked-outside/external.ts', line: 1, character: 14 },
      expect: 'LSP_OUTSIDE_WORKSPACE_DENIED',
    },
    { name: 'a directory', input: { ...base, file_path: 'basic/src' }, expect: 'LSP_NOT_A_FILE', pattern: /is a directory/ },
    { name: 'a nonexistent file', input: { ...base, file_path: 'basic/src/nope.ts' }, expect: 'LSP_FILE_NOT_FOUND', pattern: /Looked in the workspace folder/ },
    { name: 'a binary file', input: { ...base, file_path: 'basic/generated/blob.bin', line: 1, character: 1 }, expect: 'LSP_NOT_A_FILE', pattern: /binary/ },
    {
      name: 'a 50 MB file',
      input: { ...base, file_path: 'basic/generated/huge.ts', line: 1, character: 1 },
      expect: 'LSP_FILE_TOO_LARGE',
      pattern: /52428800 bytes/,
    },
    { name: 'a symlink loop', input: { ...base, file_path: 'basic/generated/loop-a', line: 1, character: 1 }, expect: 'LSP_FILE_NOT_FOUND' },
    { name: 'a position inside a surrogate pair', input: { operation: 'hover', file_path: 'basic/src/unicode.ts', line: 4, character: 24 }, expect: 'ok' },
    { name: 'a file: URI', input: { ...base, file_path: () => vscode.Uri.joinPath(folderUri('basic'), 'src', 'main.ts').toString() }, expect: 'ok' },
    { name: 'an untitled: URI', input: { ...base, file_path: 'untitled:Untitled-9' }, expect: 'LSP_FILE_NOT_FOUND' },
    {
      name: 'an https: URI is refused before any I/O',
      input: { ...base, file_path: 'https://example.invalid/a.ts' },
      expect: 'LSP_INVALID_ARGUMENT',
      pattern: /"https" scheme/,
    },
    { name: 'a Windows-style relative path', input: { ...base, file_path: 'basic\\src\\main.ts' }, expect: 'ok' },
    { name: 'a Windows drive path on Linux', input: { ...base, file_path: 'C:\\proj\\main.ts' }, expect: 'LSP_FILE_NOT_FOUND' },
    { name: 'a unicode file name', input: { operation: 'hover', file_path: 'basic/generated/ünï 文件.ts', line: 1, character: 14 }, expect: 'ok' },
    { name: 'a literal percent-encoded name', input: { operation: 'hover', file_path: 'basic/generated/pct%20name.ts', line: 1, character: 14 }, expect: 'ok' },
    { name: 'a NUL byte in the path', input: { ...base, file_path: 'basic/src/ma\u0000in.ts' }, expect: 'LSP_FILE_NOT_FOUND' },
    { name: 'a 10,000-character path', input: { ...base, file_path: `basic/${'x'.repeat(10_000)}.ts` }, expect: 'LSP_FILE_NOT_FOUND' },
    { name: 'extra fields are tolerated', input: { ...base, extra: { nested: [1, 2] }, another: null }, expect: 'ok' },
    { name: 'an empty symbol is ignored', input: { ...base, symbol: '' }, expect: 'ok' },
    {
      name: 'an unknown symbol leaves a note',
      input: { ...base, symbol: 'doesNotExist' },
      expect: 'ok',
      pattern: /Note: symbol "doesNotExist" was not found/,
      textOnly: true,
    },
  ];
}

function materialize(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'function' ? (v as () => unknown)() : v]));
}

suite('@once reliability: bad input', () => {
  suiteSetup(async () => {
    await activateExtension();
    const dir = generated();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0xff, 0x00]));
    fs.writeFileSync(path.join(dir, 'huge.ts'), Buffer.alloc(50 * 1024 * 1024, 0x20));
    fs.writeFileSync(path.join(dir, 'ünï 文件.ts'), 'export const unicodeName = 1;\n');
    fs.writeFileSync(path.join(dir, 'pct%20name.ts'), 'export const percentName = 1;\n');
    fs.symlinkSync('loop-b', path.join(dir, 'loop-a'));
    fs.symlinkSync('loop-a', path.join(dir, 'loop-b'));
    await setSetting('outsideWorkspace', 'deny');
  });
  suiteTeardown(async () => {
    await setSetting('outsideWorkspace', undefined);
    fs.rmSync(generated(), { recursive: true, force: true });
  });

  test('the matrix has at least 40 cases', () => assert.ok(cases().length >= 40, String(cases().length)));

  for (const c of cases()) {
    for (const via of ['invokeTool', 'lspTool.query'] as const) {
      test(`${c.name} (${via})`, async () => {
        const input = materialize(c.input);
        const call = via === 'invokeTool' ? invoke(input) : query(input);
        if (c.expect === 'ok') {
          const value = await call;
          if (c.pattern && (via === 'invokeTool' || !c.textOnly)) assert.match(typeof value === 'string' ? value : JSON.stringify(value), c.pattern);
          else assert.ok(value);
        } else {
          await expectCode(call, c.expect, c.pattern);
        }
      });
    }
  }

  test('the extension still answers after the whole matrix', async () => {
    await setSetting('linePreview', false);
    assert.equal(await invoke(ok), 'basic/src/geometry.ts:3:17');
    await setSetting('linePreview', undefined);
  });
});

suite('@once reliability: load, faults, leaks and security', () => {
  suiteSetup(activateExtension);
  teardown(async () => {
    for (const key of ['timeoutMs', 'linePreview', 'followAlong']) await setSetting(key, undefined);
  });

  test('200 concurrent mixed invocations all return their own correct result', async () => {
    const inputs = [
      { operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 5, character: 13 },
      { operation: 'findReferences', file_path: 'basic/src/geometry.ts', line: 3, character: 17 },
      { operation: 'goToImplementation', file_path: 'basic/src/shapes.ts', line: 2, character: 3 },
      { operation: 'hover', file_path: 'basic/src/geometry.ts', line: 3, character: 17 },
      { operation: 'goToDefinition', file_path: 'second/src/main.ts', line: 3, character: 22 },
    ];
    // Each question's first answer waits for the server to settle (files came and went in the tests before): asked at once.
    await Promise.all(inputs.map((input) => invoke(input)));
    const expected = [];
    for (const input of inputs) expected.push(await invoke(input));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => invoke(inputs[i % inputs.length]!).then((text) => [i, text] as const)));
    const elapsed = Date.now() - started;
    delay.disable();
    for (const [i, text] of results) assert.equal(text, expected[i % inputs.length], `call ${i}`);
    measure(
      `200 concurrent invocations: ${elapsed}ms in all; extension host event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)}ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)}ms, max ${(delay.max / 1e6).toFixed(1)}ms`,
    );
    assert.ok(delay.max / 1e6 < 5000, 'the extension host stayed responsive');
  });

  test('a provider that never answers ends at timeoutMs ± 10 % with LSP_TIMEOUT, and its late answer is dropped', async () => {
    await setSetting('timeoutMs', 2000);
    const historyBefore = api().card.historySize;
    const lateBefore = (await faultCalls()).late;
    const started = Date.now();
    await expectCode(query({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 }), 'LSP_TIMEOUT');
    const elapsed = Date.now() - started;
    measure(`timeout accuracy: LSP_TIMEOUT after ${elapsed}ms for timeoutMs 2000`);
    assert.ok(elapsed >= 1800 && elapsed <= 2200, `ended after ${elapsed}ms`);
    await until(
      async () => (await faultCalls()).late,
      (n) => n > lateBefore,
      'the provider to answer late',
      10_000,
    );
    assert.equal(api().card.historySize, historyBefore, 'the late answer was not shown');
    assert.equal((await query({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 1, character: 1 })).kind, 'locations');
  });

  test('cancellation stops the call within 100 ms with LSP_CANCELLED', async () => {
    const source = new vscode.CancellationTokenSource();
    const call = api().query({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 }, source.token);
    await new Promise((r) => setTimeout(r, 300));
    const cancelledAt = Date.now();
    source.cancel();
    await expectCode(call, 'LSP_CANCELLED');
    const elapsed = Date.now() - cancelledAt;
    measure(`cancellation: LSP_CANCELLED ${elapsed}ms after the token fired`);
    assert.ok(elapsed < 100, `${elapsed}ms`);
  });

  test('a provider that throws gives a result or a coded error, never a crash', async () => {
    let outcome: string;
    try {
      outcome = await invoke({ operation: 'findReferences', file_path: 'basic/fault/sample.lspfault', line: 3, character: 1 });
    } catch (err) {
      outcome = (err as Error).message;
    }
    assert.match(outcome, /^(No results\.|LSP_PROVIDER_FAILED: )/);
    assert.equal((await query({ operation: 'findReferences', file_path: 'basic/fault/sample.lspfault', line: 1, character: 1 })).kind, 'locations');
  });

  test('heap and listeners stay flat over 1,000 queries and 100 card refreshes', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const input = { operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 5, character: 13 };
    for (let i = 0; i < 50; i++) await query(input);
    gc();
    const before = process.memoryUsage().heapUsed;
    // Timers, sockets and other live handles: a leaked budget timer or listener shows up here.
    const resourcesBefore = process.getActiveResourcesInfo().length;
    const historyBefore = api().card.historySize;
    for (let i = 0; i < 1000; i++) await query(input);
    for (let i = 0; i < 100; i++) await invoke(input);
    await api().followAlongSettled();
    await new Promise((r) => setTimeout(r, 500));
    gc();
    const after = process.memoryUsage().heapUsed;
    const resourcesAfter = process.getActiveResourcesInfo().length;
    const growthMb = (after - before) / 1024 / 1024;
    measure(
      `leaks: extension host heap after GC ${(before / 1048576).toFixed(1)} MB -> ${(after / 1048576).toFixed(1)} MB after 1,000 queries + 100 card refreshes (${growthMb >= 0 ? '+' : ''}${growthMb.toFixed(1)} MB); card history ${historyBefore} -> ${api().card.historySize}; live handles ${resourcesBefore} -> ${resourcesAfter}`,
    );
    assert.ok(growthMb < 20, `heap grew ${growthMb.toFixed(1)} MB`);
    assert.ok(resourcesAfter - resourcesBefore <= 10, `live handles grew from ${resourcesBefore} to ${resourcesAfter}`);
    assert.ok(api().card.historySize <= 50, 'card history is bounded');
  });

  test('provider text with <script>, onerror and javascript: links is inert in the card', async () => {
    await vscode.commands.executeCommand('lspTool.showCard');
    await invoke({ operation: 'hover', file_path: 'basic/fault/sample.lspfault', line: 5, character: 1 });
    const [text] = await pageTexts('.hover', { text: 'window.__pwned = 1', timeoutMs: 15_000 });
    assert.ok(text?.includes('<script>'), 'the script tag shows as text');
    const probe = await page<{ value: { scripts: number; handlers: number; jsLinks: number; pwned: unknown; strong: number } }>('evaluateInFrame', {
      selector: '.hover',
      expression: `({ scripts: document.querySelectorAll('.hover script').length, handlers: document.querySelectorAll('.hover [onerror], .hover img').length, jsLinks: [...document.querySelectorAll('.hover a')].filter((a) => /javascript:/i.test(a.getAttribute('href') || '')).length, pwned: typeof window.__pwned, strong: document.querySelectorAll('.hover .strong').length })`,
    });
    assert.deepEqual(probe.value, { scripts: 0, handlers: 0, jsLinks: 0, pwned: 'undefined', strong: 1 });
  });

  test('the card webview runs under a strict CSP with a nonce', async () => {
    const probe = await page<{ value: string }>('evaluateInFrame', {
      selector: '#content',
      expression: `document.querySelector('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')`,
    });
    assert.match(
      probe.value,
      /^default-src 'none'; style-src [^;]+ 'nonce-[0-9a-f]{32}'; font-src [^;]+; img-src [^;]+ data:; script-src 'nonce-[0-9a-f]{32}'$/,
    );
    assert.doesNotMatch(probe.value, /unsafe-inline|unsafe-eval|\*;|script-src[^;]*https?:/);
  });
});
