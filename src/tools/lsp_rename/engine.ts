// The `lsp_rename` tool: parse -> open at the position (snapped to the symbol) -> check the new name
// -> the rename provider's edit, settled -> refuse what cannot be done safely (unsaved files for a
// caller on the disk, files outside the workspace) -> apply whole -> save -> check what it broke
// (lsp_diagnostics' machinery) -> render. One rename at a time; one budget; one log line.
import { EngineQuery, openAtPosition, type CallOptions, type EngineDeps } from '../../engine/baseQuery';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import type { CallerView } from '../../engine/callerFiles';
import { LspToolError } from '../../engine/errors';
import type { OutcomeHeader } from '../../engine/outcome';
import type { DocumentSnapshot, FileBefore, ProposedEdit, WorkspaceEdits } from '../../engine/ports';
import { counted, type LoggedAnswer } from '../../engine/queryLog';
import { confinedToOpenFiles } from '../../engine/readiness';
import { subjectAt } from '../../engine/heading';
import type { LspDiagnostic, LspLocation, LspPosition } from '../../engine/result';
import { wakeLanguage } from '../../engine/wake';
import { displayPaths, pathInside } from '../../text/displayPath';
import { identifierAt } from '../../text/position';
import { written } from '../../text/written';
import { inputFields } from '../definition';
import { DiagnosticsEngine } from '../lsp_diagnostics/engine';
import { parseRenameArgs, renameTitle, type RenameArgs } from './input';
import { changedLocations } from './moved';
import { checkNewName } from './newName';
import { renameText } from './render';
import { RENAME_SCHEMA } from './schema';

/** How long the chat's confirmation may wait for the rename's preview. */
const PREVIEW_MS = 5000;

export interface RenameResult {
  kind: 'rename';
  /** The symbol's name before, as the file read at the position. */
  oldName: string;
  newName: string;
  /** Every changed range, where it is after the rename (zero-based), grouped by file. */
  locations: LspLocation[];
  /** The changed files. */
  files: string[];
  /** Files left with unsaved changes: they had some before (a caller in the editor), or saving failed. */
  unsaved: string[];
  /** The errors the rename caused, in the changed files and the files that use them. */
  broke: LspDiagnostic[];
  /** Whether every file that check covered was checked fresh. */
  checkComplete: boolean;
  resolvedWorkspaceUri: string;
}

export interface RenameOutcome extends OutcomeHeader {
  tool: typeof RENAME_SCHEMA.name;
  result: RenameResult;
  /** Each changed file as it was: what Undo puts back. */
  before: FileBefore[];
}

export function isRenameOutcome(outcome: OutcomeHeader | undefined): outcome is RenameOutcome {
  return outcome?.tool === RENAME_SCHEMA.name;
}

/** A diagnostic's identity across the rename: its file, line and words (the new name read as the old). */
function sameError(d: LspDiagnostic, oldName: string, newName: string): string {
  return `${d.uri}\n${d.range.start.line}\n${d.code ?? ''}\n${d.message.split(newName).join(oldName)}`;
}

export class RenameEngine extends EngineQuery {
  private readonly diagnostics: DiagnosticsEngine;
  /** Renames run one at a time: the second waits for the first to be applied, saved and checked. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(deps: EngineDeps) {
    super(deps);
    this.diagnostics = new DiagnosticsEngine(deps);
  }

  execute(input: unknown, token?: CancellationLike, options: CallOptions = {}): Promise<RenameOutcome> {
    const work = (): Promise<RenameOutcome> => this.run(input, token, options);
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => undefined);
    return this.logged(renameAsked(inputFields(input)), () => run, answered);
  }

  /**
   * What a rename would change, found without changing anything (the chat's confirmation): the
   * symbol's name, the new name and the files. Undefined where the input or the server does not
   * tell, within a short budget of its own.
   */
  async preview(input: unknown): Promise<{ oldName: string; newName: string; files: string[] } | undefined> {
    const budget = createBudget(Math.min(this.deps.settings().timeoutMs, PREVIEW_MS));
    try {
      const args = parseRenameArgs(input);
      const { document, queried } = await openAtPosition(this.deps.workspace, args, this.deps.settings(), budget, RENAME_SCHEMA.name);
      const edit = await budget.race(this.edits().rename(document.uri, queried, args.newName));
      const oldName = identifierAt(document.lineText(queried.line), queried.character)?.name ?? args.symbol ?? '';
      return { oldName, newName: args.newName, files: edit?.files.map((f) => f.uri) ?? [] };
    } catch {
      return undefined;
    } finally {
      budget.dispose();
    }
  }

  /** Puts back every file an earlier rename changed, as it was before (the card's Undo). */
  async undo(outcome: RenameOutcome): Promise<void> {
    const work = (): Promise<void> => this.edits().restore(outcome.before);
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => undefined);
    await run;
  }

  private edits(): WorkspaceEdits {
    const edits = this.deps.edits;
    if (edits === undefined) throw new LspToolError('LSP_PROVIDER_FAILED', 'this editor gives no way to apply edits. Rename in the editor (F2).');
    return edits;
  }

  private async run(input: unknown, token: CancellationLike | undefined, { view = 'editor' }: CallOptions): Promise<RenameOutcome> {
    const args = parseRenameArgs(input);
    const edits = this.edits();
    const settings = this.deps.settings();
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const { document, queried, notes } = await openAtPosition(this.deps.workspace, args, settings, budget, RENAME_SCHEMA.name, view);
      const oldName = identifierAt(document.lineText(queried.line), queried.character)?.name;
      checkNewName(args.newName, oldName, document.languageId);
      const folder = this.deps.workspace.folderOf(document.uri);
      if (!this.warm.has(folder, document.languageId, 'rename')) await wakeLanguage(document.languageId, this.deps.workspace, this.deps.features, budget);
      const proposed = await this.proposed(edits, document, queried, args, folder, budget);
      // One order whatever the server's: the file at the position first, then by path.
      const files = [...proposed.files].sort((a, b) => Number(b.uri === document.uri) - Number(a.uri === document.uri) || a.uri.localeCompare(b.uri));
      const touched = files.map((f) => f.uri);
      const roots = this.deps.workspace.roots();
      const outside = touched.filter((uri) => !roots.some((root) => pathInside(root.uri, uri) !== undefined));
      const pathOf = displayPaths(folder, roots);
      if (outside.length > 0) {
        throw new LspToolError(
          'LSP_RENAME_REFUSED',
          `the rename would change files outside the workspace (${outside.map(pathOf).join(', ')}): nothing was changed. Rename a symbol the workspace declares.`,
        );
      }
      const unsaved = edits.unsaved(touched);
      if (view === 'disk' && unsaved.length > 0) {
        throw new LspToolError(
          'LSP_UNSAVED_CHANGES',
          `${unsaved.map(pathOf).join(', ')} ${unsaved.length === 1 ? 'has' : 'have'} unsaved changes in the editor, which the rename would change: nothing was changed. Ask the person to save or revert ${unsaved.length === 1 ? 'it' : 'them'}, then call ${RENAME_SCHEMA.name} again.`,
        );
      }
      // The last moment to stop: after this, the edit is applied and saved whatever the budget says.
      await budget.race(Promise.resolve());
      const before = await budget.race(edits.snapshot(touched));
      const errorsBefore = await this.errorsBefore(touched, budget, view);
      // The edit's ranges are of the text it was computed on: a file changed since (the person typing
      // during the check above) would be edited in the wrong places.
      // (Line ends aside: a file read from disk first and from its document after may differ in them only.)
      const now = await budget.race(edits.snapshot(touched));
      const oneEnding = (text: string | undefined): string | undefined => text?.replace(/\r\n?/g, '\n');
      if (now.some((file, i) => oneEnding(file.text) !== oneEnding(before[i]?.text))) {
        throw new LspToolError('LSP_EDIT_FAILED', 'a file the rename changes was edited while the rename was prepared: nothing was changed. Call again.');
      }
      if (!(await edits.apply(proposed))) {
        throw new LspToolError(
          'LSP_EDIT_FAILED',
          'the editor did not apply the rename (a file it changes changed meanwhile): nothing was changed. Call again.',
        );
      }
      const notSaved = await edits.save(touched.filter((uri) => !unsaved.includes(uri)));
      const name = oldName ?? written(args.symbol ?? '');
      // What it broke, within what is left of the call's budget: the edit stands whatever that says.
      const checked = await this.broke(touched, name, args.newName, errorsBefore, budget, view);
      const result: RenameResult = {
        kind: 'rename',
        oldName: name,
        newName: args.newName,
        locations: changedLocations(files),
        files: touched,
        unsaved: [...unsaved, ...notSaved],
        broke: checked.broke,
        checkComplete: checked.complete,
        resolvedWorkspaceUri: folder,
      };
      notes.push(...checked.notes);
      if (notSaved.length > 0)
        notes.push(`could not save ${notSaved.map(pathOf).join(', ')}: the rename is in the editor's text only. Save them in the editor.`);
      const lines = await budget.race(this.deps.workspace.readLines(touched)).catch(() => new Map<string, string[]>());
      const text = renameText(result, { roots, settings, notes, lines, view });
      const outcome: RenameOutcome = {
        tool: RENAME_SCHEMA.name,
        title: renameTitle(inputFields(input)),
        heading: { kind: 'rename', subject: subjectAt(pathOf(document.uri), queried, name), newName: args.newName },
        text,
        notes,
        completeness: checked.complete ? 'complete' : 'partial',
        result,
        before,
      };
      const [first] = result.locations;
      if (first !== undefined) outcome.anchor = { uri: first.uri, position: first.range.start };
      return outcome;
    } finally {
      budget.dispose();
    }
  }

  /** The provider's edit, asked until it is stable while the server loads; a refusal is a coded error. */
  private async proposed(
    edits: WorkspaceEdits,
    document: DocumentSnapshot,
    position: LspPosition,
    args: RenameArgs,
    folder: string,
    budget: Budget,
  ): Promise<ProposedEdit> {
    const once = async (): Promise<ProposedEdit | undefined> =>
      budget.race(
        edits.rename(document.uri, position, args.newName).catch((err: unknown) => {
          const reason = err instanceof Error ? err.message : String(err);
          throw new LspToolError(
            'LSP_RENAME_REFUSED',
            `the ${document.languageId} language server cannot rename there: ${reason || 'no reason given'}. Nothing was changed. Point at the symbol's name (pass symbol to snap to it).`,
          );
        }),
      );
    const count = (edit: ProposedEdit | undefined): number => edit?.files.reduce((n, f) => n + f.edits.length, 0) ?? 0;
    const settled = await this.settled(
      { folder, languageId: document.languageId, question: 'rename' },
      once,
      // Confined to the open files: what a loading server says, trusted only after the longer window.
      (edit) =>
        count(edit) === 0 ||
        confinedToOpenFiles(
          edit!.files.map((f) => f.uri),
          this.deps.workspace.openDocumentUris(),
        ),
      budget,
      {
        // As sets: gopls lists the files of one edit in a different order each time.
        same: (a, b) => count(a) === count(b) && editKey(a) === editKey(b),
        empty: (edit) => count(edit) === 0,
        serverUp: this.outlines(document.uri, budget),
      },
    );
    if (settled.value === undefined || count(settled.value) === 0) {
      throw new LspToolError(
        'LSP_RENAME_REFUSED',
        `no ${document.languageId} rename provider answered at ${written(args.filePath)}:${position.line + 1}:${position.character + 1}: nothing was changed. Check that the language's extension is installed and the position is on a symbol.`,
      );
    }
    return settled.value;
  }

  /**
   * The changed files' errors before the rename, checked fresh by the same machinery as after it
   * (lsp_diagnostics), so that an error they already had is not called new. Undefined where the
   * editor gives no diagnostics; errors of files it could not check are named in `unknown`.
   * The disk is looked at for these files only: a write to one of them that the file watcher has not
   * reported yet is a change to check them after. The whole workspace's stamps (lsp_diagnostics'
   * sweep) took 335–480 ms on rxjs, longer than the rest of the way to the save; a write to another
   * file is known once the watcher reports it (milliseconds after).
   */
  private async errorsBefore(uris: readonly string[], budget: Budget, view: CallerView): Promise<{ errors: LspDiagnostic[]; unknown: string[] } | undefined> {
    if (this.deps.diagnostics === undefined) return undefined;
    const before = await this.diagnostics.errorsIn(uris, budget, undefined, view, this.diagnostics.stamp(uris));
    const fresh = new Set(before.result.checked.filter((f) => f.freshness === 'fresh').map((f) => f.uri));
    return { errors: before.result.diagnostics, unknown: uris.filter((uri) => !fresh.has(uri)) };
  }

  /**
   * The errors after the rename that were not there before: in the changed files, every new one; in
   * the files that use them (unchanged), those that name the old or the new name, since the others
   * were not checked before.
   */
  private async broke(
    touched: readonly string[],
    oldName: string,
    newName: string,
    before: { errors: LspDiagnostic[]; unknown: string[] } | undefined,
    budget: Budget,
    view: CallerView,
  ): Promise<{ broke: LspDiagnostic[]; complete: boolean; notes: string[] }> {
    if (before === undefined)
      return { broke: [], complete: false, notes: ['what the rename broke was not checked: this editor gives no access to its diagnostics.'] };
    try {
      // No look at the disk: the edit went through the editor, whose changes are on record, and its
      // saves are stamped as they happen (a save taken for a change would wait for a publish that never comes).
      const after = await this.diagnostics.errorsAfterEdit(touched, budget, undefined, view, Promise.resolve());
      const known = new Set(before.errors.map((d) => sameError(d, oldName, newName)));
      const names = new RegExp(`\\b(${escaped(oldName)}|${escaped(newName)})\\b`);
      const inChanged = after.result.diagnostics.filter((d) => d.severity === 'error' && !known.has(sameError(d, oldName, newName)));
      const elsewhere = (after.result.caused?.diagnostics ?? []).filter((d) => d.severity === 'error' && names.test(d.message));
      const notes = [...after.notes];
      if (before.unknown.length > 0) {
        notes.push(
          `${counted(before.unknown.length, 'changed file')} could not be checked before the rename: every error in ${before.unknown.length === 1 ? 'it' : 'them'} is listed as new.`,
        );
      }
      return { broke: [...inChanged, ...elsewhere], complete: after.result.completeness === 'complete', notes };
    } catch (err) {
      if (err instanceof LspToolError && (err.code === 'LSP_TIMEOUT' || err.code === 'LSP_CANCELLED')) {
        return { broke: [], complete: false, notes: [`what the rename broke was not checked: ${err.message} Call lsp_diagnostics to check it.`] };
      }
      throw err;
    }
  }
}

/** An edit's files and their changes, in one order whatever order the server gave them in. */
function editKey(edit: ProposedEdit | undefined): string {
  const at = (e: ProposedEdit['files'][number]['edits'][number]): string =>
    `${e.range.start.line}:${e.range.start.character}-${e.range.end.line}:${e.range.end.character}=${e.newText}`;
  return (edit?.files ?? [])
    .map((f) => `${f.uri}\n${f.edits.map(at).sort().join('\n')}`)
    .sort()
    .join('\n\n');
}

/** A name as a regular expression matches it literally. */
function escaped(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function renameAsked(input: Record<string, unknown> | undefined): string {
  return `${RENAME_SCHEMA.name} ${written(input?.file_path)}:${written(input?.line)}:${written(input?.character)} -> ${written(input?.new_name)}`;
}

function answered(outcome: RenameOutcome): LoggedAnswer {
  return {
    answer: `${counted(outcome.result.locations.length, 'edit')}, ${counted(outcome.result.broke.length, 'new error')}`,
    completeness: outcome.completeness,
  };
}
