import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { activateExtension, EXTENSION_ID, expectCode, folderUri, invoke, measure, query, setSetting } from './helpers';

suite('lsp tool', () => {
  suiteSetup(activateExtension);
  teardown(async () => {
    for (const key of ['maxLocations', 'maxResultChars', 'timeoutMs', 'linePreview', 'outsideWorkspace']) await setSetting(key, undefined);
  });

  test('the extension activates and exports its query API', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(extension.isActive, true);
    assert.equal(typeof (extension.exports as { query?: unknown }).query, 'function');
  });

  test('lspTool.mcpEndpoint: a loopback server in the Node host; undefined in the web-worker host, which cannot listen (mcp.test.ts covers the server)', async () => {
    const endpoint = await vscode.commands.executeCommand<{ url: string } | undefined>('lspTool.mcpEndpoint');
    // ExtensionKind.UI: the web-worker host in the browser; Workspace: the server's Node host.
    if (vscode.extensions.getExtension(EXTENSION_ID)!.extensionKind === vscode.ExtensionKind.UI) {
      assert.equal(endpoint, undefined);
      measure('MCP: skipped in the web-worker host (it cannot listen on a socket): mcp.test.ts is not in its bundle, and lspTool.mcpEndpoint is undefined');
    } else assert.match(endpoint?.url ?? '', /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  test('the tool is listed in vscode.lm.tools with its schema', () => {
    const tool = vscode.lm.tools.find((t) => t.name === 'lsp');
    assert.ok(tool, `lsp is registered; vscode.lm.tools lists ${vscode.lm.tools.length}: ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
    const schema = tool.inputSchema as { required: string[]; properties: Record<string, { type: string; enum?: string[] }> };
    assert.deepEqual(schema.required, ['operation', 'file_path', 'line', 'character']);
    assert.deepEqual(schema.properties.operation?.enum, ['goToDefinition', 'findReferences', 'goToImplementation', 'hover']);
    assert.equal(schema.properties.line?.type, 'number');
    assert.equal(schema.properties.symbol?.type, 'string');
  });

  test('goToDefinition returns the definition in another file, with its preview', async () => {
    const text = await invoke({ operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 5, character: 13 });
    assert.equal(text, 'basic/src/geometry.ts:3:17: export function totalArea(shapes: Shape[]): number {');
  });

  test('findReferences includes the cross-file declaration, grouped by file', async () => {
    await setSetting('linePreview', false);
    const text = await invoke({ operation: 'findReferences', file_path: 'basic/src/main.ts', line: 5, character: 13 });
    const lines = text.split('\n');
    assert.ok(lines.includes('basic/src/geometry.ts:3:17'), text);
    for (const l of ['basic/src/main.ts:2:10', 'basic/src/main.ts:5:13', 'basic/src/main.ts:6:13', 'basic/src/unicode.ts:4:56', 'basic/src/unicode.ts:5:19']) {
      assert.ok(lines.includes(l), `${l} in\n${text}`);
    }
    const files = lines.map((l) => l.split(':')[0]);
    const order = files.filter((f, i) => files.indexOf(f) === i);
    assert.deepEqual(
      [...files].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
      files,
      'entries are grouped by file',
    );
  });

  test('goToImplementation on an interface method finds both class methods', async () => {
    await setSetting('linePreview', false);
    const text = await invoke({ operation: 'goToImplementation', file_path: 'basic/src/shapes.ts', line: 2, character: 3 });
    assert.deepEqual(text.split('\n').sort(), ['basic/src/shapes.ts:17:3', 'basic/src/shapes.ts:9:3']);
  });

  test('hover returns the type', async () => {
    const text = await invoke({ operation: 'hover', file_path: 'basic/src/geometry.ts', line: 3, character: 17 });
    assert.match(text, /```typescript\nfunction totalArea\(shapes: Shape\[\]\): number\n```/);
  });

  test('lspTool.query returns the canonical value equal to the raw provider answer, normalised', async () => {
    const uri = vscode.Uri.joinPath(folderUri('basic'), 'src', 'geometry.ts');
    const result = await query({ operation: 'findReferences', file_path: uri.fsPath, line: 3, character: 17 });
    const raw = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', uri, new vscode.Position(2, 16));
    assert.equal(result.kind, 'locations');
    if (result.kind !== 'locations') return;
    assert.equal(result.resolvedWorkspaceUri, folderUri('basic').toString());
    assert.deepEqual(
      result.locations,
      raw.map((l) => ({
        uri: l.uri.toString(),
        range: { start: { line: l.range.start.line, character: l.range.start.character }, end: { line: l.range.end.line, character: l.range.end.character } },
      })),
    );
  });

  test('the count cap keeps the full list in the canonical value', async () => {
    await setSetting('maxLocations', 5);
    await setSetting('linePreview', false);
    const input = { operation: 'findReferences', file_path: 'basic/src/counter.ts', line: 1, character: 17 };
    const text = await invoke(input);
    const lines = text.split('\n');
    assert.equal(lines.length, 6, text);
    assert.equal(lines[5], '… 167 more locations omitted (limit 5).');
    const result = await query(input);
    assert.equal(result.kind === 'locations' && result.locations.length, 172);
  });

  test('the character cap bounds the whole text, notice included', async () => {
    await setSetting('maxResultChars', 300);
    const text = await invoke({ operation: 'findReferences', file_path: 'basic/src/counter.ts', line: 1, character: 17 });
    assert.equal(text.length, 300);
    assert.match(text, /\n… locations truncated \(limit 300 characters\)\.$/);
  });

  test('symbol snaps the cursor and says so', async () => {
    await setSetting('linePreview', false);
    const text = await invoke({ operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 5, character: 1, symbol: 'totalArea' });
    assert.equal(text, 'basic/src/geometry.ts:3:17\nNote: moved to "totalArea" at 5:13 (asked for 5:1).');
  });

  test('symbol snapping counts UTF-16 columns after emoji', async () => {
    await setSetting('linePreview', false);
    const text = await invoke({ operation: 'goToDefinition', file_path: 'basic/src/unicode.ts', line: 4, character: 1, symbol: 'totalArea' });
    assert.match(text, /^basic\/src\/geometry\.ts:3:17\nNote: moved to "totalArea" at 4:56 \(asked for 4:1\)\.$/);
  });

  test('an empty answer off an identifier lists the identifiers on the line', async () => {
    const text = await invoke({ operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 4, character: 14 });
    assert.equal(
      text,
      'No results.\nNote: no identifier at 4:14. Identifiers on line 4: const (col 1), shapes (col 7), new (col 17), Circle (col 21), UNIT (col 28), new (col 35), Square (col 39).',
    );
  });

  test('paths: absolute, file: URI and the second root', async () => {
    await setSetting('linePreview', false);
    const abs = vscode.Uri.joinPath(folderUri('basic'), 'src', 'main.ts');
    assert.equal(await invoke({ operation: 'goToDefinition', file_path: abs.fsPath, line: 5, character: 13 }), 'basic/src/geometry.ts:3:17');
    assert.equal(await invoke({ operation: 'goToDefinition', file_path: abs.toString(), line: 5, character: 13 }), 'basic/src/geometry.ts:3:17');
    // Unique to the second root: found without a folder prefix, rendered with one.
    assert.equal(await invoke({ operation: 'goToDefinition', file_path: 'src/util.ts', line: 1, character: 17 }), 'second/src/util.ts:1:17');
    assert.equal(await invoke({ operation: 'goToDefinition', file_path: 'second/src/main.ts', line: 3, character: 22 }), 'second/src/util.ts:1:17');
  });

  suite('prepareInvocation', () => {
    const api = () => vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
    const outside = () => vscode.Uri.joinPath(folderUri('basic'), '..', 'outside', 'external.ts').fsPath;
    const prepare = (input: object) =>
      Promise.resolve(
        api().tool.prepareInvocation!({ input } as vscode.LanguageModelToolInvocationPrepareOptions<never>, new vscode.CancellationTokenSource().token),
      );

    test("the invocation message is the call's title (docs/contract.md §10)", async () => {
      const prepared = await prepare({ operation: 'findReferences', file_path: 'a.ts', line: 3, character: 7 });
      assert.equal(prepared?.invocationMessage, 'LSP findReferences a.ts:3:7');
      assert.equal(prepared?.confirmationMessages, undefined);
    });
    test('a file outside every folder asks for confirmation under "ask"', async () => {
      const prepared = await prepare({ operation: 'hover', file_path: outside(), line: 1, character: 14 });
      assert.ok(prepared?.confirmationMessages, 'confirmation requested');
      assert.match(String((prepared.confirmationMessages.message as vscode.MarkdownString).value), /outside every workspace folder/);
    });
    // @node: the web worker cannot resolve links, so there the path as written decides (realpath.web.ts).
    test('a symlink inside the workspace that points outside counts as outside @node', async () => {
      const prepared = await prepare({ operation: 'hover', file_path: 'basic/linked-outside/external.ts', line: 1, character: 14 });
      assert.ok(prepared?.confirmationMessages, 'confirmation requested');
    });
    test('no confirmation under "allow", and the query runs', async () => {
      await setSetting('outsideWorkspace', 'allow');
      const prepared = await prepare({ operation: 'hover', file_path: outside(), line: 1, character: 14 });
      assert.equal(prepared?.confirmationMessages, undefined);
      assert.match(await invoke({ operation: 'hover', file_path: outside(), line: 1, character: 14 }), /const external: 42/);
    });
    test('an invalid setting falls back to its default instead of failing', async () => {
      await setSetting('maxLocations', 0);
      await setSetting('linePreview', false);
      // 170 references in ticks.ts itself: more than the default cap whatever else the server has loaded.
      const text = await invoke({ operation: 'findReferences', file_path: 'basic/src/ticks.ts', line: 5, character: 8 });
      assert.match(text.split('\n').at(-1)!, /^… \d+ more locations omitted \(limit 100\)\.$/, text.slice(-300));
      assert.equal(text.split('\n').length, 101);
    });
  });

  suite('error codes', () => {
    test('LSP_INVALID_ARGUMENT', () =>
      expectCode(
        invoke({ operation: 'goToDefinition', file_path: 'basic/src/main.ts', line: 0, character: 1 }),
        'LSP_INVALID_ARGUMENT',
        /line must be a positive integer \(one-based\)/,
      ));
    test('LSP_FILE_NOT_FOUND', () =>
      expectCode(
        invoke({ operation: 'hover', file_path: 'src/nope.ts', line: 1, character: 1 }),
        'LSP_FILE_NOT_FOUND',
        /Looked in the workspace folder\(s\) basic .*second/,
      ));
    test('LSP_NOT_A_FILE', () => expectCode(invoke({ operation: 'hover', file_path: 'basic/src', line: 1, character: 1 }), 'LSP_NOT_A_FILE'));
    test('LSP_POSITION_OUT_OF_RANGE for the line, with the real length', () =>
      expectCode(invoke({ operation: 'hover', file_path: 'basic/src/main.ts', line: 1e9, character: 1 }), 'LSP_POSITION_OUT_OF_RANGE', /which has 7 lines/));
    test('LSP_POSITION_OUT_OF_RANGE for the character, with the real length', () =>
      expectCode(
        invoke({ operation: 'hover', file_path: 'basic/src/main.ts', line: 5, character: 200 }),
        'LSP_POSITION_OUT_OF_RANGE',
        /has 31 UTF-16 code units\. Pass a character from 1 to 32/,
      ));
    test('LSP_AMBIGUOUS_PATH lists the candidates, and says to call the same tool again with one', async () => {
      await expectCode(
        invoke({ operation: 'hover', file_path: 'common/same.ts', line: 1, character: 14 }),
        'LSP_AMBIGUOUS_PATH',
        /basic\/common\/same\.ts, second\/common\/same\.ts\. Call lsp again with one of these as file_path, starting with the folder name\.$/,
      );
      const symbols = vscode.lm.invokeTool(
        'lsp_symbols',
        { input: { file_path: 'common/same.ts' }, toolInvocationToken: undefined },
        new vscode.CancellationTokenSource().token,
      );
      await expectCode(
        Promise.resolve(symbols),
        'LSP_AMBIGUOUS_PATH',
        /\. Call lsp_symbols again with one of these as file_path, starting with the folder name\.$/,
      );
    });
    test('LSP_OUTSIDE_WORKSPACE_DENIED under "deny"', async () => {
      await setSetting('outsideWorkspace', 'deny');
      const outside = vscode.Uri.joinPath(folderUri('basic'), '..', 'outside', 'external.ts');
      await expectCode(
        invoke({ operation: 'hover', file_path: outside.fsPath, line: 1, character: 14 }),
        'LSP_OUTSIDE_WORKSPACE_DENIED',
        /\. Call lsp on a file inside the workspace\.$/,
      );
    });
    test('LSP_TIMEOUT at lspTool.timeoutMs, and the next call works', async () => {
      await setSetting('timeoutMs', 1500);
      const started = Date.now();
      await expectCode(
        query({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 }),
        'LSP_TIMEOUT',
        /timed out after 1500ms/,
      );
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 1400 && elapsed < 3000, `ended after ${elapsed}ms`);
      const next = await query({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 1, character: 1 });
      assert.equal(next.kind === 'locations' && next.locations.length, 1);
    });
    test('LSP_CANCELLED when the token is cancelled (extension API)', async () => {
      const api = vscode.extensions.getExtension<LspToolApi>(EXTENSION_ID)!.exports;
      const source = new vscode.CancellationTokenSource();
      setTimeout(() => source.cancel(), 200);
      const started = Date.now();
      await expectCode(
        api.query({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 }, source.token),
        'LSP_CANCELLED',
      );
      const elapsed = Date.now() - started;
      assert.ok(elapsed < 200 + 100 + 50, `stopped ${elapsed - 200}ms after the cancel`);
    });
    test('a cancelled tool invocation rejects promptly', async () => {
      const source = new vscode.CancellationTokenSource();
      setTimeout(() => source.cancel(), 200);
      const started = Date.now();
      await assert.rejects(
        invoke({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 2, character: 1 }, source.token),
        /Canceled|LSP_CANCELLED/,
      );
      assert.ok(Date.now() - started < 1000);
    });
    test('@once LSP_PROVIDER_FAILED when a provider answers malformed objects, and the next call works', async () => {
      await expectCode(invoke({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 4, character: 1 }), 'LSP_PROVIDER_FAILED');
      const next = await query({ operation: 'goToDefinition', file_path: 'basic/fault/sample.lspfault', line: 1, character: 1 });
      assert.equal(next.kind === 'locations' && next.locations.length, 1);
    });
  });
});
