// lsp_rename, timed on rxjs (issue 35): the tool as a terminal agent calls it (MCP's call path, the
// disk view) against the raw path, `vscode.executeDocumentRenameProvider` + `workspace.applyEdit` +
// saving every changed file, interleaved in one run. The tool's rename is timed to its last save
// (onDidSaveTextDocument), and its whole call with the check of what the rename broke. Each trial
// renames `isFunction` there and back twice: raw, tool, tool, raw. The first tool call comes right
// after the raw rename changed every file, so its check before the edit must have the server check
// them (their errors unknown); the second comes after the tool's own check of them (their errors
// known, as after an agent's lsp_diagnostics call). The project is as it was after each trial.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LspToolApi } from '../../src/extension';
import { stat, type Stat } from './render';

export interface ToolTimes {
  /** From the call to its last save. */
  saved: Stat;
  /** The whole call, with the check of what it broke. */
  total: Stat;
  /** Median of the trials' ratios to the raw rename beside it. */
  savedRatio: number;
  totalRatio: number;
}

export interface RenameBench {
  label: string;
  trials: number;
  files: number;
  edits: number;
  /** The raw path: the provider's edit, applied and saved. */
  raw: Stat;
  /** The tool right after the raw rename (the changed files' errors unknown): to its last save, and its whole call. */
  unknown: ToolTimes;
  /** The tool after its own rename and check (the changed files' errors known). */
  known: ToolTimes;
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

/** One tool case's calls, each with the raw rename measured beside it. */
class Trials {
  private readonly saved: number[] = [];
  private readonly total: number[] = [];
  private readonly savedRatios: number[] = [];
  private readonly totalRatios: number[] = [];

  add(call: { saved: number; total: number }, rawMs: number): void {
    this.saved.push(call.saved);
    this.total.push(call.total);
    this.savedRatios.push(call.saved / rawMs);
    this.totalRatios.push(call.total / rawMs);
  }

  summary(): ToolTimes {
    return { saved: stat(this.saved), total: stat(this.total), savedRatio: stat(this.savedRatios).median, totalRatio: stat(this.totalRatios).median };
  }
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
  const times = { unknown: new Trials(), known: new Trials() };
  const broke: string[] = [];
  let mismatches = 0;
  const expected = new Map<string, string>();
  const differing = (files: Map<string, string>): number => [...files].filter(([f, text]) => fs.readFileSync(f, 'utf8') !== text).length;
  const said = (answer: string): void => {
    const line = /^(The rename broke .*)$/m.exec(answer)?.[1] ?? answer.split('\n')[0]!;
    if (!line.startsWith('The rename broke nothing')) broke.push(line);
  };
  try {
    for (let i = 0; i < trials; i++) {
      const rawThere = await rawRename(uri, position, 'isCallable');
      for (const f of touched) expected.set(f, fs.readFileSync(f, 'utf8'));
      const unknown = await tool('isFunction');
      mismatches += differing(originals);
      const known = await tool('isCallable');
      mismatches += differing(expected);
      const rawBack = await rawRename(uri, position, 'isFunction');
      mismatches += differing(originals);
      said(unknown.text);
      said(known.text);
      raw.push(rawThere, rawBack);
      times.unknown.add(unknown, rawThere);
      times.known.add(known, rawBack);
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
    unknown: times.unknown.summary(),
    known: times.known.summary(),
    mismatches,
    broke,
  };
}
