import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'lsp-tool.lsp-tool';

function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content
    .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
    .join('');
}

suite('lsp tool (foundation)', () => {
  suiteSetup(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'extension is installed');
    await extension.activate();
  });

  test('the extension activates and exports its query API', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    assert.equal(extension.isActive, true);
    assert.equal(typeof (extension.exports as { query?: unknown }).query, 'function');
  });

  test('the tool is listed in vscode.lm.tools with its schema', () => {
    const tool = vscode.lm.tools.find((t) => t.name === 'lsp');
    assert.ok(tool, 'lsp is registered');
    const schema = tool.inputSchema as { required: string[]; properties: Record<string, { type: string; enum?: string[] }> };
    assert.deepEqual(schema.required, ['operation', 'file_path', 'line', 'character']);
    assert.deepEqual(schema.properties.operation?.enum, ['goToDefinition', 'findReferences', 'goToImplementation', 'hover']);
    assert.equal(schema.properties.line?.type, 'number');
    assert.equal(schema.properties.symbol?.type, 'string');
  });

  test('invokeTool goToDefinition returns the definition in another file as path:line:character', async () => {
    // main.ts line 5: `console.log(totalArea(shapes));` -> totalArea is defined in src/geometry.ts:3:17
    const result = await vscode.lm.invokeTool(
      'lsp',
      { input: { operation: 'goToDefinition', file_path: 'src/main.ts', line: 5, character: 14 }, toolInvocationToken: undefined },
      new vscode.CancellationTokenSource().token,
    );
    const text = textOf(result);
    assert.match(text, /^src\/geometry\.ts:3:17/m, text);
  });
});
