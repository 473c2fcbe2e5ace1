// lsp_diagnostics: the errors and warnings the editor's servers report for files or folders, each
// file checked fresh (engine/freshDiagnostics.ts), under the same budget, errors and log line as the
// other tools.
import { EngineQuery, resolveUnderPolicy, type CallOptions } from '../../engine/baseQuery';
import { CallerFiles, type CallerView } from '../../engine/callerFiles';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import { LspToolError } from '../../engine/errors';
import { freshDiagnostics, type FileDiagnostics } from '../../engine/freshDiagnostics';
import type { OutcomeHeader } from '../../engine/outcome';
import type { DiagnosticsPort, RawDiagnostic } from '../../engine/ports';
import { counted, type LoggedAnswer } from '../../engine/queryLog';
import type { CheckedFile, DiagnosticsResult, LspDiagnostic } from '../../engine/result';
import type { LspToolSettings } from '../../engine/settings';
import { renderWithin, type AnswerBudget } from '../../text/answerBudget';
import { displayPaths, pathInside, type WorkspaceRoot } from '../../text/displayPath';
import { formatDiagnostics, sortDiagnostics } from '../../text/renderDiagnostics';
import { inputFields } from '../definition';
import { diagnosticsAsked, diagnosticsTitle, parseDiagnosticsArgs, type DiagnosticsArgs, type SeverityFilter } from './input';
import { DIAGNOSTICS_SCHEMA } from './schema';

/** Files checked in one call at most; the rest are listed as VS Code holds them, and a Note says so. */
export const MAX_CHECKED_FILES = 50;

export interface DiagnosticsOutcome extends OutcomeHeader {
  tool: typeof DIAGNOSTICS_SCHEMA.name;
  result: DiagnosticsResult;
  args: DiagnosticsArgs;
}

export function isDiagnosticsOutcome(outcome: OutcomeHeader | undefined): outcome is DiagnosticsOutcome {
  return outcome?.tool === DIAGNOSTICS_SCHEMA.name;
}

const SEVERITY_NAMES = ['error', 'warning', 'information', 'hint'] as const;

/** The files and folders a call names, resolved; folders as URIs. */
/** What a call checked (DiagnosticsEngine.checkFiles). */
interface Checked {
  present: FileDiagnostics[];
  /** The checked files and, past the cap, the held ones: each with its diagnostics. */
  listed: { uri: string; diagnostics: RawDiagnostic[] }[];
  notChecked: number;
  foldersCut: boolean;
  /** Files that could not be opened as text. */
  unopened: string[];
}

interface Targets {
  files: string[];
  folders: string[];
}

export class DiagnosticsEngine extends EngineQuery {
  execute(input: unknown, token?: CancellationLike, options: CallOptions = {}): Promise<DiagnosticsOutcome> {
    return this.logged(diagnosticsAsked(inputFields(input)), () => this.run(input, token, options), answered);
  }

  private port(): DiagnosticsPort {
    const port = this.deps.diagnostics;
    if (port === undefined) throw new LspToolError('LSP_PROVIDER_FAILED', 'this editor gives no access to its diagnostics. Use the Problems view.');
    return port;
  }

  private async run(input: unknown, token: CancellationLike | undefined, { fit, view = 'editor' }: CallOptions): Promise<DiagnosticsOutcome> {
    const args = parseDiagnosticsArgs(input);
    const port = this.port();
    const settings = this.deps.settings();
    const roots = this.deps.workspace.roots();
    if (roots.length === 0) {
      throw new LspToolError(
        'LSP_WORKSPACE_REQUIRED',
        `the ${DIAGNOSTICS_SCHEMA.name} tool requires an open workspace folder. Open the project folder in VS Code (File > Open Folder), then call ${DIAGNOSTICS_SCHEMA.name} again.`,
      );
    }
    const budget = createBudget(settings.timeoutMs, token);
    try {
      const targets = await this.resolve(args, settings, budget);
      const { present, listed, notChecked, foldersCut, unopened } = await this.checkFiles(args, targets, roots, port, budget);
      const diagnostics = listed.flatMap((file) => file.diagnostics.map((d) => toDiagnostic(file.uri, d))).filter(severityFilter(args.severity));
      const folder = targets.folders[0] ?? this.deps.workspace.folderOf(targets.files[0] ?? roots[0]!.uri);
      const pathOf = displayPaths(folder, roots);
      const notes = notesFor(present, notChecked, foldersCut, args, pathOf, view);
      if (unopened.length > 0) notes.push(`not checked: ${unopened.map(pathOf).join(', ')} could not be opened as text.`);
      const stale = present.some((f) => f.freshness === 'stale' || f.unsynced);
      const result: DiagnosticsResult = {
        kind: 'diagnostics',
        diagnostics: sortDiagnostics(dedupe(diagnostics), pathOf),
        checked: present.map((f): CheckedFile => ({ uri: f.uri, languageId: f.languageId, freshness: f.freshness, dirty: f.dirty })),
        resolvedWorkspaceUri: folder,
        completeness: stale ? 'partial' : 'complete',
      };
      const text = await this.render(result, { view, fit, budget, settings, notes, pathOf, empty: emptyText(args.severity, present.length) });
      const outcome: DiagnosticsOutcome = {
        tool: DIAGNOSTICS_SCHEMA.name,
        title: diagnosticsTitle({ file_paths: args.paths, severity: args.severity }),
        text,
        notes,
        completeness: result.completeness,
        result,
        args,
      };
      const [first] = result.diagnostics;
      if (first) outcome.anchor = { uri: first.uri, position: first.range.start };
      return outcome;
    } finally {
      budget.dispose();
    }
  }

  /** The text in the caller's lines: a caller on the disk reads the unsaved files' diagnostics at the disk's lines (engine/callerFiles.ts). */
  private async render(
    result: DiagnosticsResult,
    how: {
      view: CallerView;
      fit: AnswerBudget | undefined;
      budget: Budget;
      settings: LspToolSettings;
      notes: string[];
      pathOf: (uri: string) => string;
      empty: string;
    },
  ): Promise<string> {
    const { settings } = how;
    // Only a caller on the disk reads anything but what the servers checked: the editor's text.
    const dirty = how.view === 'disk' ? result.checked.filter((f) => f.dirty).map((f) => f.uri) : [];
    const files = await CallerFiles.read(this.deps.workspace, dirty, how.view, how.budget);
    const shown = files.forCaller(
      result.diagnostics,
      (d) => d,
      (d, range) => ({ ...d, range }),
    );
    how.notes.push(...files.notes(how.pathOf, false));
    const options = {
      resolvedWorkspaceUri: result.resolvedWorkspaceUri,
      roots: this.deps.workspace.roots(),
      maxDiagnostics: settings.maxLocations,
      maxResultChars: settings.maxResultChars,
      empty: how.empty,
      notes: how.notes,
    };
    return renderWithin(how.fit, settings.maxResultChars, (limit) => formatDiagnostics(shown, options, limit));
  }

  /**
   * The files to check, most wanted first, each checked fresh; past MAX_CHECKED_FILES, what VS Code
   * already holds is listed unchecked. `notChecked` counts those past the cap; `foldersCut`: a folder
   * had more files than were listed.
   */
  private async checkFiles(args: DiagnosticsArgs, targets: Targets, roots: readonly WorkspaceRoot[], port: DiagnosticsPort, budget: Budget): Promise<Checked> {
    const scopes = args.paths.length === 0 ? roots.map((r) => r.uri) : targets.folders;
    const inScope = (uri: string): boolean => scopes.some((scope) => pathInside(scope, uri) !== undefined);
    const held = port.all();
    const folderFiles = await Promise.all(targets.folders.map((folder) => budget.race(port.filesIn(folder, MAX_CHECKED_FILES))));
    // What to check, most wanted first: the files named, what changed lately, what has diagnostics, the folders' other files.
    const wanted = [...targets.files, ...port.changed().filter(inScope).reverse(), ...[...held.keys()].filter(inScope), ...folderFiles.flatMap((f) => f.uris)];
    const unique = [...new Set(wanted)];
    const toCheck = unique.slice(0, MAX_CHECKED_FILES);
    const notChecked = unique.slice(MAX_CHECKED_FILES);
    // A deleted file is not listed; one that cannot be opened (binary, too large) is named in a Note.
    const exists = await Promise.all(toCheck.map((uri) => budget.race(port.isFile(uri))));
    const unopened: string[] = [];
    const checkOne = (uri: string): Promise<FileDiagnostics | undefined> =>
      freshDiagnostics({ ...this.deps, diagnostics: port }, uri, budget).catch((err: unknown) => {
        if (err instanceof LspToolError && (err.code === 'LSP_TIMEOUT' || err.code === 'LSP_CANCELLED')) throw err;
        unopened.push(uri);
        return undefined;
      });
    const checked = await Promise.all(toCheck.filter((_, i) => exists[i]).map(checkOne));
    const present = checked.filter((f): f is FileDiagnostics => f !== undefined);
    const listed: { uri: string; diagnostics: RawDiagnostic[] }[] = [
      ...present,
      ...notChecked.filter((uri) => held.has(uri)).map((uri) => ({ uri, diagnostics: held.get(uri)! })),
    ];
    return { present, listed, notChecked: notChecked.length, foldersCut: folderFiles.some((f) => f.more), unopened };
  }

  /** Each path as a file (under the outside-workspace policy) or a folder inside the workspace. */
  private async resolve(args: DiagnosticsArgs, settings: LspToolSettings, budget: Budget): Promise<Targets> {
    const targets: Targets = { files: [], folders: [] };
    const name = DIAGNOSTICS_SCHEMA.name;
    for (const path of args.paths) {
      try {
        const file = await resolveUnderPolicy(this.deps.workspace, path, settings, budget, name);
        // Under "ask" the call path confirms one path only (singlePath): an outside one beside others cannot be asked about.
        if (!file.inside && settings.outsideWorkspace === 'ask' && args.paths.length > 1) {
          throw new LspToolError(
            'LSP_OUTSIDE_WORKSPACE_DENIED',
            `file_path "${path}" is outside every workspace folder. Call ${name} with it alone, so that the person in VS Code can be asked.`,
          );
        }
        targets.files.push(file.uri);
      } catch (err) {
        if (!(err instanceof LspToolError) || err.code !== 'LSP_NOT_A_FILE') throw err;
        const folder = await budget.race(this.port().resolveFolder(path));
        if (folder === undefined) throw err;
        targets.folders.push(folder);
      }
    }
    return targets;
  }
}

function toDiagnostic(uri: string, raw: RawDiagnostic): LspDiagnostic {
  const d: LspDiagnostic = { uri, range: raw.range, severity: SEVERITY_NAMES[raw.severity] ?? 'error', message: raw.message };
  if (raw.source !== undefined && raw.source !== '') d.source = raw.source;
  if (raw.code !== undefined && raw.code !== '') d.code = raw.code;
  return d;
}

function severityFilter(severity: SeverityFilter): (d: LspDiagnostic) => boolean {
  if (severity === 'all') return () => true;
  if (severity === 'error') return (d) => d.severity === 'error';
  return (d) => d.severity === 'error' || d.severity === 'warning';
}

/** Several providers can publish the same diagnostic. */
function dedupe(diagnostics: LspDiagnostic[]): LspDiagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.uri, d.range, d.severity, d.message, d.source, d.code]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function emptyText(severity: SeverityFilter, files: number): string {
  const what = severity === 'error' ? 'No errors' : severity === 'warning' ? 'No errors or warnings' : 'No diagnostics';
  return `${what} in ${files} checked file${files === 1 ? '' : 's'}.`;
}

function listOf(files: readonly FileDiagnostics[], pathOf: (uri: string) => string): string {
  const shown = files.slice(0, 10).map((f) => pathOf(f.uri));
  return files.length > 10 ? `${shown.join(', ')} and ${files.length - 10} more` : shown.join(', ');
}

/** What the caller must know to trust the answer: files not checked, not fresh, or not as on disk. */
function notesFor(
  files: readonly FileDiagnostics[],
  notChecked: number,
  folderMore: boolean,
  args: DiagnosticsArgs,
  pathOf: (uri: string) => string,
  view: CallerView,
): string[] {
  const notes: string[] = [];
  const byLanguage = new Map<string, FileDiagnostics[]>();
  for (const f of files.filter((f) => f.freshness === 'unchecked')) byLanguage.set(f.languageId, [...(byLanguage.get(f.languageId) ?? []), f]);
  for (const [languageId, list] of byLanguage) {
    notes.push(`not checked: no installed extension serves language id "${languageId}", so nothing reports diagnostics for ${listOf(list, pathOf)}.`);
  }
  const stale = files.filter((f) => f.freshness === 'stale');
  if (stale.length > 0) {
    notes.push(
      `may be out of date: the language server published nothing for ${listOf(stale, pathOf)} after its last change within the wait; shown is what it last published. Ask again in a moment.`,
    );
  }
  const unsynced = files.filter((f) => f.unsynced);
  if (unsynced.length > 0)
    notes.push(`the editor had not yet reloaded ${listOf(unsynced, pathOf)} from disk: its diagnostics may be of the older text. Ask again in a moment.`);
  const dirty = files.filter((f) => f.dirty);
  if (dirty.length > 0)
    notes.push(
      `${listOf(dirty, pathOf)} ${dirty.length === 1 ? 'has' : 'have'} unsaved changes in the editor: the diagnostics are of the editor's text, not the disk's${view === 'disk' ? ', at the lines of the file on disk' : ''}.`,
    );
  if (notChecked > 0 || folderMore) {
    notes.push(
      `only ${MAX_CHECKED_FILES} files are checked in one call: ${notChecked > 0 ? `${notChecked} more were listed as the editor holds them, unchecked` : 'the folder has more files'}. Pass fewer files or a smaller folder.`,
    );
  }
  if (args.paths.length === 0)
    notes.push('files never opened and unchanged since the editor started are not checked: pass them, or their folder, in file_paths.');
  return notes;
}

function answered(outcome: DiagnosticsOutcome): LoggedAnswer {
  return { answer: counted(outcome.result.diagnostics.length, 'diagnostic'), completeness: outcome.result.completeness };
}
