// "What did my edit break", timed: an edit that breaks callers in files nobody opened (the language's
// case in test/integration/reachCases.ts), written to disk as a terminal agent writes it, then
// lsp_diagnostics with no file_paths at once; the language's own checker over the same files, timed
// beside it. Then the edit undone, and the tool asked at once again. Each trial counts the checker's
// new errors the answer missed, and after the undo the ones it still listed (the goal is 0 and 0).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CASES, missing, shownErrors } from '../integration/reachCases';
import { invoke } from './diagnostics';
import { stat } from './render';

export interface ReachBench {
  label: string;
  trials: number;
  /** The checker's new errors, and the files they are in. */
  errors: number;
  files: number;
  /** The edit written to the tool's first answer; the undo written to its first answer. */
  edit: ReturnType<typeof stat>;
  undo: ReturnType<typeof stat>;
  /** The checker's full run over the project with the edit. */
  checker: ReturnType<typeof stat>;
  /** Summed over the trials: new errors a first answer missed, and errors an answer after the undo still listed. */
  missing: number;
  stale: number;
}

async function diagnosticsText(): Promise<[number, string]> {
  const started = performance.now();
  const text = await invoke({});
  return [performance.now() - started, text];
}

export async function measureReach(key: string, trials: number): Promise<ReachBench> {
  const c = CASES.find((k) => k.key === key);
  if (c === undefined) throw new Error(`no reach case for ${key}`);
  const root = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
  const file = path.join(root, c.file);
  const original = fs.readFileSync(file, 'utf8');
  const before = await c.check(root);
  // Warm: the project loaded, as after an agent's first questions.
  await diagnosticsText();
  const edit: number[] = [];
  const undo: number[] = [];
  const checker: number[] = [];
  let lost = 0;
  let stale = 0;
  let added = new Set<string>();
  try {
    for (let i = 0; i < trials; i++) {
      fs.writeFileSync(file, original.replace(c.from, c.to));
      const [editMs, text] = await diagnosticsText();
      edit.push(editMs);
      const started = performance.now();
      const after = await c.check(root);
      checker.push(performance.now() - started);
      added = new Set([...after].filter((e) => !before.has(e)));
      lost += missing(added, shownErrors(text)).length;
      fs.writeFileSync(file, original);
      const [undoMs, undone] = await diagnosticsText();
      undo.push(undoMs);
      stale += [...added].filter((e) => shownErrors(undone).has(e)).length;
    }
  } finally {
    fs.writeFileSync(file, original);
  }
  return {
    label: c.label,
    trials,
    errors: added.size,
    files: new Set([...added].map((e) => e.slice(0, e.lastIndexOf(':')))).size,
    edit: stat(edit),
    undo: stat(undo),
    checker: stat(checker),
    missing: lost,
    stale,
  };
}
