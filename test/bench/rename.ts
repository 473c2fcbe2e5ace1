// lsp_rename, timed on rxjs (issue 35): the tool as a terminal agent calls it (MCP's call path, the
// disk view) against the raw path, `vscode.executeDocumentRenameProvider` + `workspace.applyEdit` +
// saving every changed file, interleaved in one run. The tool's rename is timed to its last save
// (onDidSaveTextDocument), and its whole call with the check of what the rename broke. Every trial
// renames `isFunction` one way and back, so the project is as it was after each pair.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { stat } from './render';

export interface RenameBench {
  label: string;
  trials: number;
  files: number;
  edits: number;
  /** The raw path: the provider's edit, applied and saved. */
  raw: ReturnType<typeof stat>;
  /** The tool, from the call to its last save. */
  saved: ReturnType<typeof stat>;
  /** The tool's whole call, with the check of what it broke. */
  total: ReturnType<typeof stat>;
  /** Median of the trials' ratios, each measured back to back. */
  savedRatio: number;
  totalRatio: number;
  /** Files that differed, after a trial, from the raw path's result or from the original. */
  mismatches: number;
  /** What the tool's answers said it broke (the goal is nothing). */
  broke: string[];
}

const FILE = 'src/internal/util/isFunction.ts';
const DECLARATION = 'export function isFunction(';

async function rawRename(uri: vscode.Uri, position: vscode.Position, newName: string): Promise<number> {
  const started = performance.now();
  const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', uri, position, newName);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('the raw edit was not applied');
  // Each changed document saved (workspace.save(uri) saves only a file open in an editor).
  const documents = edit.entries().map(([changed]) => vscode.workspace.textDocuments.find((d) => d.uri.toString() === changed.toString()));
  const saved = await Promise.all(documents.map(async (document) => (document === undefined ? false : document.save())));
  if (saved.some((ok) => ok !== true)) throw new Error('the raw edit was not saved in every file');
  return performance.now() - started;
}

export async function measureRename(api: LspToolApi, trials: number): Promise<RenameBench> {
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const file = path.join(root, FILE);
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.startsWith(DECLARATION));
  const character = lines[line]!.indexOf('isFunction');
  const uri = vscode.Uri.file(file);
  const position = new vscode.Position(line, character);
  const document = await vscode.workspace.openTextDocument(uri);
  // Warm: the project loaded and the rename answered across files, as after an agent's first questions.
  let first = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, position, 'isCallable');
  for (let i = 0; i < 60 && first.entries().length < 2; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    first = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', document.uri, position, 'isCallable');
  }
  const touched = first.entries().map(([changed]) => changed.fsPath);
  const originals = new Map(touched.map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const caller = { transport: 'mcp' as const, label: 'bench', confirm: () => Promise.resolve(true) };
  const tool = async (newName: string): Promise<{ saved: number; total: number; text: string }> => {
    let lastSave = 0;
    const saves = vscode.workspace.onDidSaveTextDocument(() => (lastSave = performance.now()));
    const started = performance.now();
    try {
      const { text: answer } = await api.callTool('lsp_rename', { file_path: FILE, line: line + 1, character: character + 1, new_name: newName }, caller);
      const total = performance.now() - started;
      return { saved: (lastSave || performance.now()) - started, total, text: answer };
    } finally {
      saves.dispose();
    }
  };
  const raw: number[] = [];
  const saved: number[] = [];
  const total: number[] = [];
  const savedRatios: number[] = [];
  const totalRatios: number[] = [];
  const broke: string[] = [];
  let mismatches = 0;
  const expected = new Map<string, string>();
  try {
    for (let i = 0; i < trials; i++) {
      // Alternate which path renames forward, so neither always runs on the warmer server.
      const rawFirst = i % 2 === 0;
      let rawMs: number;
      let toolCall: { saved: number; total: number; text: string };
      if (rawFirst) {
        rawMs = await rawRename(uri, position, 'isCallable');
        for (const f of touched) expected.set(f, fs.readFileSync(f, 'utf8'));
        toolCall = await tool('isFunction');
        for (const [f, original] of originals) if (fs.readFileSync(f, 'utf8') !== original) mismatches++;
      } else {
        toolCall = await tool('isCallable');
        for (const [f, renamed] of expected) if (fs.readFileSync(f, 'utf8') !== renamed) mismatches++;
        rawMs = await rawRename(uri, position, 'isFunction');
        for (const [f, original] of originals) if (fs.readFileSync(f, 'utf8') !== original) mismatches++;
      }
      const said = /^(The rename broke .*)$/m.exec(toolCall.text)?.[1] ?? toolCall.text.split('\n')[0]!;
      if (!said.startsWith('The rename broke nothing')) broke.push(said);
      raw.push(rawMs);
      saved.push(toolCall.saved);
      total.push(toolCall.total);
      savedRatios.push(toolCall.saved / rawMs);
      totalRatios.push(toolCall.total / rawMs);
    }
  } finally {
    for (const [f, original] of originals) if (fs.readFileSync(f, 'utf8') !== original) fs.writeFileSync(f, original);
  }
  return {
    label: `rxjs: isFunction <-> isCallable`,
    trials,
    files: touched.length,
    edits: first.entries().reduce((n, [, e]) => n + e.length, 0),
    raw: stat(raw),
    saved: stat(saved),
    total: stat(total),
    savedRatio: stat(savedRatios).median,
    totalRatio: stat(totalRatios).median,
    mismatches,
    broke,
  };
}
