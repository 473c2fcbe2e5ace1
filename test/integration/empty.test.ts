import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, expectCode, invoke } from './helpers';

suite('@empty a window with no folder', () => {
  suiteSetup(activateExtension);

  test('has no workspace folder', () => {
    assert.equal(vscode.workspace.workspaceFolders, undefined);
  });

  test('a relative path gives LSP_WORKSPACE_REQUIRED, with what to do next', () =>
    expectCode(invoke({ operation: 'hover', file_path: 'src/main.ts', line: 1, character: 1 }), 'LSP_WORKSPACE_REQUIRED', /Open the project folder/));

  test('an absolute path gives LSP_WORKSPACE_REQUIRED too: there is no fallback', () =>
    expectCode(invoke({ operation: 'hover', file_path: __filename, line: 1, character: 1 }), 'LSP_WORKSPACE_REQUIRED'));

  test('an argument error still wins over the missing workspace', () =>
    expectCode(invoke({ operation: 'rename', file_path: 'a.ts', line: 1, character: 1 }), 'LSP_INVALID_ARGUMENT'));
});
