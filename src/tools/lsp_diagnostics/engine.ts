// lsp_diagnostics: the errors and warnings the editor's servers report for files or folders, each
// file checked fresh (engine/freshDiagnostics.ts), under the same budget, errors and log line as the
// other tools.
import { EngineQuery, resolveUnderPolicy, type CallOptions } from '../../engine/baseQuery';
import { CallerFiles, type CallerView } from '../../engine/callerFiles';
import { changeReach, DeclaredNames, MAX_SCANNED_FILES, savedIncludes, type ChangeReach } from '../../engine/changeReach';
import { familyOf, inDotFolder, NO_DEPENDENTS } from '../../engine/languages';
import { mapLimited } from '../../engine/mapLimited';
import { createBudget, type Budget, type CancellationLike } from '../../engine/budget';
import { LspToolError } from '../../engine/errors';
import { freshDiagnostics, type CheckOptions, type FileDiagnostics } from '../../engine/freshDiagnostics';
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

/** Checks in flight at once: enough to keep a server busy, few enough that its tabs and opens stay light. */
const PARALLEL_CHECKS = 8;
/** Of the budget, what is kept back from the checks for the answer itself, at most. */
const RESERVE_MS = 3000;

export interface DiagnosticsOutcome extends OutcomeHeader {
  tool: typeof DIAGNOSTICS_SCHEMA.name;
  result: DiagnosticsResult;
  args: DiagnosticsArgs;
}

export function isDiagnosticsOutcome(outcome: OutcomeHeader | undefined): outcome is DiagnosticsOutcome {
  return outcome?.tool === DIAGNOSTICS_SCHEMA.name;
}

const SEVERITY_NAMES = ['error', 'warning', 'information', 'hint'] as const;

/** What a call checked (DiagnosticsEngine.checkFiles). */
interface Checked {
  present: FileDiagnostics[];
  /** Files the budget left no time to check. */
  notChecked: string[];
  /** Files that could not be opened as text. */
  unopened: string[];
  reach: ChangeReach;
  /** With file_paths naming files: the dependents of the changed ones among them, checked apart. */
  caused?: { by: string[]; files: FileDiagnostics[] };
}

interface Targets {
  files: string[];
  folders: string[];
  /** The files that use a named file that changed are checked too ("caused elsewhere"); absent: yes. */
  dependents?: boolean;
}

/**
 * Checks run one at a time, whichever engine asks (lsp_diagnostics, a writing tool's check of what
 * it broke): two at once would open and close each other's background tabs.
 */
let queue: Promise<unknown> = Promise.resolve();

export class DiagnosticsEngine extends EngineQuery {
  private readonly names = new DeclaredNames();
  /** The check waiting or running for each set of targets: a call asking the same while it is joins it. */
  private readonly checking = new Map<string, Promise<Checked>>();

  execute(input: unknown, token?: CancellationLike, options: CallOptions = {}): Promise<DiagnosticsOutcome> {
    return this.logged(diagnosticsAsked(inputFields(input)), () => this.run(input, token, options), answered);
  }

  /**
   * One truth at a time: checks run one after another, and a call that asks what a waiting or
   * running check asks shares its answer. A shared check that was cancelled by its own caller is
   * run again for this one.
   */
  private async shared(targets: Targets, work: () => Promise<Checked>): Promise<Checked> {
    const key = JSON.stringify([targets.files, targets.folders, targets.dependents !== false]);
    const joined = this.checking.get(key);
    if (joined !== undefined) {
      try {
        return await joined;
      } catch (err) {
        if (!(err instanceof LspToolError) || err.code !== 'LSP_CANCELLED') throw err;
      }
    }
    const turn = queue.then(work, work);
    queue = turn.catch(() => undefined);
    this.checking.set(key, turn);
    const forget = (): void => {
      if (this.checking.get(key) === turn) this.checking.delete(key);
    };
    turn.then(forget, forget);
    return turn;
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
      return await this.diagnose(args, targets, { port, settings, roots, budget, token, fit, view });
    } finally {
      budget.dispose();
    }
  }

  /**
   * The errors in files just edited (by URI) and in the files that use them, each checked fresh, as
   * a writing tool reports what its edit broke: the edited files' in `diagnostics`, the others' in
   * `caused`. Within `budget`. `swept`: as for `errorsIn` (the look at the disk of the writing tool's call: its
   * own edit went through the editor, whose changes are known without one).
   */
  async errorsAfterEdit(
    uris: readonly string[],
    budget: Budget,
    token: CancellationLike | undefined,
    view: CallerView,
    swept?: Promise<void>,
  ): Promise<DiagnosticsOutcome> {
    return this.errorsOf(uris, true, budget, token, view, swept);
  }

  /**
   * The errors in these files alone, each checked fresh: a writing tool's baseline before its edit.
   * `swept`: the caller's own look at the disk since its call began (`stamp` of the files it is about
   * to change), in place of a sweep of the whole workspace.
   */
  async errorsIn(
    uris: readonly string[],
    budget: Budget,
    token: CancellationLike | undefined,
    view: CallerView,
    swept?: Promise<void>,
  ): Promise<DiagnosticsOutcome> {
    return this.errorsOf(uris, false, budget, token, view, swept);
  }

  /** Notes the writes to these files that the file watcher has not reported yet (for `errorsIn`: the files a writing tool is about to change). */
  stamp(uris: readonly string[]): Promise<void> {
    return this.port().stamp(uris);
  }

  private async errorsOf(
    uris: readonly string[],
    dependents: boolean,
    budget: Budget,
    token: CancellationLike | undefined,
    view: CallerView,
    swept?: Promise<void>,
  ): Promise<DiagnosticsOutcome> {
    const port = this.port();
    const settings = this.deps.settings();
    const roots = this.deps.workspace.roots();
    const args: DiagnosticsArgs = { paths: [...uris], severity: 'error' };
    return this.diagnose(args, { files: [...uris], folders: [], dependents }, { port, settings, roots, budget, token, fit: undefined, view, swept });
  }

  private async diagnose(
    args: DiagnosticsArgs,
    targets: Targets,
    how: {
      port: DiagnosticsPort;
      settings: LspToolSettings;
      roots: readonly WorkspaceRoot[];
      budget: Budget;
      token: CancellationLike | undefined;
      fit: AnswerBudget | undefined;
      view: CallerView;
      swept?: Promise<void> | undefined;
    },
  ): Promise<DiagnosticsOutcome> {
    const { port, settings, roots, budget, token, fit, view } = how;
    const checked = await budget.race(this.shared(targets, () => this.checkFiles(args, targets, roots, port, budget, token, how.swept)));
    const { present, notChecked, unopened, caused } = checked;
    const all = [...present, ...(caused?.files ?? [])];
    const listOf = (files: readonly FileDiagnostics[], filter: (d: LspDiagnostic) => boolean): LspDiagnostic[] =>
      files.flatMap((file) => file.diagnostics.map((d) => toDiagnostic(file.uri, d))).filter(filter);
    const folder = targets.folders[0] ?? this.deps.workspace.folderOf(targets.files[0] ?? roots[0]!.uri);
    const pathOf = displayPaths(folder, roots);
    const notes = notesFor(all, args, pathOf, view);
    if (unopened.length > 0) notes.push(`not checked: ${unopened.map(pathOf).join(', ')} could not be opened as text.`);
    if (notChecked.length > 0) {
      notes.push(
        `not checked: the time budget (lspTool.timeoutMs) ran out before ${listPaths(notChecked, pathOf)}. Ask again with ${notChecked.length === 1 ? 'it' : 'them'} in file_paths, or raise lspTool.timeoutMs.`,
      );
    }
    if (checked.reach.cut)
      notes.push('the project has more files than were searched for the files a change reaches; pass the folders you changed in file_paths.');
    const stale = all.some((f) => f.freshness === 'stale' || f.unsynced) || notChecked.length > 0;
    const result: DiagnosticsResult = {
      kind: 'diagnostics',
      diagnostics: sortDiagnostics(dedupe(listOf(present, severityFilter(args.severity))), pathOf, reached(checked.reach)),
      checked: all.map((f): CheckedFile => ({ uri: f.uri, languageId: f.languageId, freshness: f.freshness, dirty: f.dirty })),
      resolvedWorkspaceUri: folder,
      completeness: stale ? 'partial' : 'complete',
    };
    if (caused !== undefined) {
      result.caused = {
        by: caused.by,
        files: caused.files.map((f) => f.uri),
        diagnostics: sortDiagnostics(dedupe(listOf(caused.files, severityFilter('error'))), pathOf),
      };
    }
    const text = await this.render(result, {
      view,
      fit,
      budget,
      settings,
      notes,
      pathOf,
      empty: emptyText(args.severity, present.length),
      first: reached(checked.reach),
    });
    const outcome: DiagnosticsOutcome = {
      tool: DIAGNOSTICS_SCHEMA.name,
      title: diagnosticsTitle({ file_paths: args.paths, severity: args.severity }),
      heading: { kind: 'problems', paths: args.paths, severity: args.severity },
      text,
      notes,
      completeness: result.completeness,
      result,
      args,
    };
    // Follow-along shows the first problem of the files the caller named; the whole workspace names
    // no place to show, and a tab of some file's warning is one the person never asked for.
    const [first] = result.diagnostics;
    if (first && args.paths.length > 0) outcome.anchor = { uri: first.uri, position: first.range.start };
    return outcome;
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
      first: ReadonlySet<string>;
    },
  ): Promise<string> {
    const { settings } = how;
    // Only a caller on the disk reads anything but what the servers checked: the editor's text.
    const dirty = how.view === 'disk' ? result.checked.filter((f) => f.dirty).map((f) => f.uri) : [];
    const files = await CallerFiles.read(this.deps.workspace, dirty, how.view, how.budget);
    const forCaller = (list: readonly LspDiagnostic[]): LspDiagnostic[] =>
      files.forCaller(
        list,
        (d) => d,
        (d, range) => ({ ...d, range }),
      );
    const shown = forCaller(result.diagnostics);
    const caused =
      result.caused === undefined
        ? undefined
        : { by: result.caused.by.map(how.pathOf), files: result.caused.files.length, diagnostics: forCaller(result.caused.diagnostics) };
    how.notes.push(...files.notes(how.pathOf, false));
    const options = {
      resolvedWorkspaceUri: result.resolvedWorkspaceUri,
      roots: this.deps.workspace.roots(),
      maxDiagnostics: settings.maxLocations,
      maxResultChars: settings.maxResultChars,
      empty: how.empty,
      notes: how.notes,
      first: how.first,
    };
    return renderWithin(how.fit, settings.maxResultChars, (limit) => formatDiagnostics(shown, options, limit, caused));
  }

  /**
   * The files to check, most wanted first, each checked fresh: the changed files first (so that their
   * servers hold their new text), then the rest, a file that depends on a change checked against its
   * servers' answers since that change (engine/changeReach.ts). No count cap: what the budget leaves
   * no time for, bar a reserve for the answer, is named in `notChecked`.
   */
  private async checkFiles(
    args: DiagnosticsArgs,
    targets: Targets,
    roots: readonly WorkspaceRoot[],
    port: DiagnosticsPort,
    budget: Budget,
    token: CancellationLike | undefined,
    swept?: Promise<void>,
  ): Promise<Checked> {
    const whole = args.paths.length === 0;
    const alone = targets.dependents === false && targets.folders.length === 0;
    const scopes = whole ? roots.map((r) => r.uri) : targets.folders;
    // What the call asks about: the files named, and what is under its scopes.
    const asked = (uri: string): boolean => targets.files.includes(uri) || scopes.some((scope) => pathInside(scope, uri) !== undefined);
    const rootUris = roots.map((r) => r.uri);
    await budget.race(swept ?? port.sweep());
    const changes = new Map(
      port
        .changed()
        .filter((uri) => rootUris.some((r) => pathInside(r, uri) !== undefined) && isCode(uri, rootUris))
        .map((uri) => [uri, port.changedAt(uri)!] as const),
    );
    const includesSaved = savedIncludes(changes, port);
    const soft = createBudget(Math.max(0, budget.remaining() - Math.min(RESERVE_MS, budget.remaining() / 10)), token);
    const unopened: string[] = [];
    const notChecked: string[] = [];
    const results = new Map<string, FileDiagnostics>();
    const checks = new Map<string, Promise<void>>();
    // Each file checked once per call, its dependency on a change (`after`) known when it starts.
    const checkOne = (uri: string, after?: number): Promise<void> => {
      const known = checks.get(uri);
      if (known !== undefined) return known;
      const check = (async (): Promise<void> => {
        if (!(await budget.race(port.isFile(uri)))) return;
        const options: CheckOptions = { after, includesSaved: includesSaved(uri) };
        try {
          results.set(uri, await freshDiagnostics({ ...this.deps, diagnostics: port }, uri, soft, options));
        } catch (err) {
          if (err instanceof LspToolError && err.code === 'LSP_CANCELLED') throw err;
          if (err instanceof LspToolError && err.code === 'LSP_TIMEOUT') notChecked.push(uri);
          else unopened.push(uri);
        }
      })();
      checks.set(uri, check);
      return check;
    };
    const newestFirst = [...changes.keys()].reverse();
    try {
      // The changed files first, while their reach is found: their servers must hold the new text,
      // and a changed file is no dependent (engine/changeReach.ts).
      const [reach, folderFiles] = await Promise.all([
        // Named files alone (a writing tool's baseline): only whether they depend on a change matters.
        changeReach({ ...this.deps, diagnostics: port }, this.names, changes, rootUris, budget, alone ? targets.files : undefined),
        Promise.all(targets.folders.map((folder) => budget.race(port.filesIn(folder, MAX_SCANNED_FILES)))),
        mapLimited(newestFirst.filter(asked), PARALLEL_CHECKS, (uri) => checkOne(uri)),
      ]);
      const held = port.all();
      // What to list, most wanted first: the files named, the changed files, their dependents, what has diagnostics, the folders' other files.
      const wanted = [...targets.files, ...newestFirst, ...reach.dependents.keys(), ...held.keys()].filter(asked);
      // A folder's data and prose files (JSON, Markdown, a LICENSE) are listed only when they have diagnostics: no server checks most of them.
      const listed = [...new Set([...wanted, ...folderFiles.flatMap((f) => f.uris).filter((uri) => isCode(uri, rootUris))])];
      // Named files that changed: their dependents anywhere, checked apart ("caused elsewhere").
      const namedChanged = targets.dependents === false ? [] : targets.files.filter((uri) => changes.has(uri));
      const causedFiles =
        namedChanged.length === 0
          ? []
          : [...reach.dependents].filter(([uri, d]) => !listed.includes(uri) && d.by.some((c) => namedChanged.includes(c))).map(([uri]) => uri);
      const toCheck = [...listed, ...causedFiles];
      // The other changed files these depend on, before them: their servers must hold the new text.
      const dependedOn = new Set(toCheck.flatMap((uri) => reach.dependents.get(uri)?.by ?? []));
      await mapLimited([...dependedOn], PARALLEL_CHECKS, (uri) => checkOne(uri));
      await mapLimited(toCheck, PARALLEL_CHECKS, (uri) => checkOne(uri, reach.dependents.get(uri)?.changedAt));
      const present = listed.flatMap((uri) => results.get(uri) ?? []);
      const checked: Checked = { present, notChecked: notChecked.filter((uri) => toCheck.includes(uri)), unopened, reach };
      if (namedChanged.length > 0) checked.caused = { by: namedChanged, files: causedFiles.flatMap((uri) => results.get(uri) ?? []) };
      return checked;
    } finally {
      soft.dispose();
    }
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
  return listPaths(
    files.map((f) => f.uri),
    pathOf,
  );
}

function listPaths(uris: readonly string[], pathOf: (uri: string) => string): string {
  const shown = uris.slice(0, 10).map(pathOf);
  return uris.length > 10 ? `${shown.join(', ')} and ${uris.length - 10} more` : shown.join(', ');
}

/** What the caller must know to trust the answer: files not checked, not fresh, or not as on disk. */
function notesFor(files: readonly FileDiagnostics[], args: DiagnosticsArgs, pathOf: (uri: string) => string, view: CallerView): string[] {
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
  if (args.paths.length === 0)
    notes.push(
      'checked: the files changed since the editor started, the files that use what they declare, and the files with diagnostics. Pass other files or folders in file_paths.',
    );
  return notes;
}

/** The changed files and their dependents: shown first, since they hold what the change broke. */
function reached(reach: ChangeReach): Set<string> {
  return new Set([...reach.changed.keys(), ...reach.dependents.keys()]);
}

/** Not data or prose (JSON, Markdown, lock files, a LICENSE): a change to it can break another file's code. */
function isCode(uri: string, roots: readonly string[]): boolean {
  const family = familyOf(uri);
  return family !== '' && !NO_DEPENDENTS.has(family) && !inDotFolder(uri, roots);
}

function answered(outcome: DiagnosticsOutcome): LoggedAnswer {
  return { answer: counted(outcome.result.diagnostics.length, 'diagnostic'), completeness: outcome.result.completeness };
}
