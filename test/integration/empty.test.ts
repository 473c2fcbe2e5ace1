import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, expectCode, invoke, textOf } from './helpers';

suite('@empty a window with no folder', () => {
  suiteSetup(activateExtension);

  test('has no workspace folder', () => {
    assert.equal(vscode.workspace.workspaceFolders, undefined);
  });

  test('a relative path gives LSP_WORKSPACE_REQUIRED, with what to do next', () =>
    expectCode(
      invoke({ operation: 'hover', file_path: 'src/main.ts', line: 1, character: 1 }),
      'LSP_WORKSPACE_REQUIRED',
      /^LSP_WORKSPACE_REQUIRED: the lsp tool requires an open workspace folder\. Open the project folder in VS Code \(File > Open Folder\), then call lsp again\.$/,
    ));

  test('the error names the tool that was called, and what to do next in its terms', async () => {
    const token = new vscode.CancellationTokenSource().token;
    const call = async (name: string, input: object) => textOf(await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token));
    await expectCode(
      call('lsp_symbols', { file_path: 'src/main.ts' }),
      'LSP_WORKSPACE_REQUIRED',
      /^LSP_WORKSPACE_REQUIRED: the lsp_symbols tool requires an open workspace folder\. Open the project folder in VS Code \(File > Open Folder\), then call lsp_symbols again\.$/,
    );
    await expectCode(
      call('lsp_hierarchy', { direction: 'incomingCalls', file_path: 'src/main.ts', line: 1, character: 1 }),
      'LSP_WORKSPACE_REQUIRED',
      /then call lsp_hierarchy again\.$/,
    );
  });

  test('an absolute path gives LSP_WORKSPACE_REQUIRED too: there is no fallback', () =>
    expectCode(invoke({ operation: 'hover', file_path: __filename, line: 1, character: 1 }), 'LSP_WORKSPACE_REQUIRED'));

  test('an argument error still wins over the missing workspace', () =>
    expectCode(invoke({ operation: 'rename', file_path: 'a.ts', line: 1, character: 1 }), 'LSP_INVALID_ARGUMENT'));
});
