// One file's diagnostics as fresh as the editor can make them (pure, over DiagnosticsPort): the file
// opened so its server knows it, its document holding the caller's text, then either the server asked
// directly (tsserver) or its next publish after the file's last change awaited, within the budget.
import type { Budget } from './budget';
import { familyOf, NO_DEPENDENTS } from './languages';
import type { DiagnosticsPort, LanguageFeatures, RawDiagnostic, Workspace } from './ports';

/** How long an open document may take to show a write to its file before we say so. */
export const SYNC_WAIT_MS = 3000;
/** How long a server that was seen publishing may stay silent about a changed file before we say so. */
export const PUBLISH_WAIT_MS = 5000;
/** How long a language whose server was never seen publishing may take to start and publish. */
export const STARTING_WAIT_MS = 15000;
/** How long an opened file's server has to publish before the file is shown in a background tab (pull servers report on tabs only). */
export const TAB_HINT_MS = 600;
/** After a fresh publish, a second one this soon (a server's later pass: gopls' analyses) is waited for. */
export const QUIET_MS = 150;
/** The same for a file its server has only just been given: a first publish can come before the server has placed it (gopls: "No packages found"). */
export const QUIET_OPENED_MS = 1000;
/**
 * For a file shown in a tab for its (pull) server: after its first publish, a quiet window this
 * fraction of the time that publish took. vscode-languageclient cancels a pull when another starts
 * (its background pulls, the server's refresh), and pyright answers a cancelled pull with an empty
 * list, which the client shows until the pull it starts next answers: one analysis later, as long
 * again or less (pyright on click, cold: 3.7 s to the empty list, 1.3 s more to the errors).
 */
export const PULL_QUIET_FACTOR = 0.5;
/** The most that quiet window waits. */
export const PULL_QUIET_MAX_MS = 4000;
/**
 * A first publish this soon after the change the server saw can be its work on the text before it,
 * finished late: gopls once published its old pass 30 ms after VS Code reloaded the file (1 stale
 * answer in 10 trials), and its pass for the new text some 200 ms later.
 */
export const REACTION_MS = 100;
/** For a file checked in a tab: how long every file of its family must have had no publish before its answer is taken. */
export const FAMILY_QUIET_MS = 500;
/** How long after such a publish the next is waited for before it is taken as the answer. */
export const REACTION_WAIT_MS = 1000;

export type Freshness =
  /** Published (or answered) after the file's last change the editor saw. */
  | 'fresh'
  /** The server published nothing for it within the wait after its last change: what it last said. */
  | 'stale'
  /** No installed extension serves its language: nothing checks it. */
  | 'unchecked';

export interface FileDiagnostics {
  uri: string;
  languageId: string;
  diagnostics: RawDiagnostic[];
  freshness: Freshness;
  /** It has unsaved changes: the diagnostics are of the editor's text, not the disk's. */
  dirty: boolean;
  /** Its open document still did not show the disk's text when the wait ended. */
  unsynced: boolean;
}

export interface CheckDeps {
  workspace: Workspace;
  features: LanguageFeatures;
  diagnostics: DiagnosticsPort;
}

export interface CheckOptions {
  /**
   * When a file it depends on last changed (engine/changeReach.ts): what its server published before
   * that is of the older project, and is not taken.
   */
  after?: number;
  /**
   * When a file it may include, changed too, was saved after its own change, for a server that reads
   * the files a file includes from the disk (clangd): a build of it begun before that save is of the
   * older disk, and can publish after the save.
   */
  includesSaved?: number;
}

/** Checks one file: never the diagnostics of a text older than the caller's view without saying so. */
export async function freshDiagnostics(deps: CheckDeps, uri: string, budget: Budget, options: CheckOptions = {}): Promise<FileDiagnostics> {
  const { workspace, features, diagnostics: port } = deps;
  const started = port.now();
  const wasOpen = workspace.openDocumentUris().has(uri);
  // A file no document holds and no change was seen to, of a server that answers for closed files
  // (tsserver reads it from its disk): asked without opening it, since every file opened makes the
  // server update its project before it answers (some 50 ms a file on rxjs).
  const languageId = wasOpen ? undefined : port.languageOf(uri);
  const asClosed = (diagnostics: RawDiagnostic[]): FileDiagnostics => ({
    uri,
    languageId: languageId!,
    diagnostics,
    freshness: 'fresh',
    dirty: false,
    unsynced: false,
  });
  const closed =
    languageId === undefined || port.changedAt(uri) !== undefined
      ? undefined
      : await budget.race(port.check(uri, languageId).catch((): undefined => undefined));
  if (closed !== undefined) return asClosed([...closed.diagnostics, ...port.of(uri).filter((d) => d.source !== closed.source)]);
  // A data or prose file (JSON, Markdown) its server reported on since its last change, and no
  // change it depends on: no edit to another file alters what it says, so what it holds is its answer.
  const publishedBefore = port.publishedAt(uri);
  const standalone = options.after === undefined && NO_DEPENDENTS.has(familyOf(uri));
  if (languageId !== undefined && standalone && publishedBefore !== undefined && publishedBefore >= (port.changedAt(uri) ?? -Infinity))
    return asClosed(port.of(uri));
  const document = await budget.race(workspace.openDocument(uri));
  const sync = await budget.race(port.inSync(uri, Math.min(SYNC_WAIT_MS, budget.remaining())));
  const base = { uri, languageId: document.languageId, dirty: sync.dirty, unsynced: !sync.synced };
  const done = (diagnostics: RawDiagnostic[], freshness: Freshness): FileDiagnostics => ({ ...base, diagnostics, freshness });
  // Given to its server again (port.reopen), its answer once that has settled; undefined where it was not.
  const answerGivenAgain = async (): Promise<FileDiagnostics | undefined> => {
    const reopened = await givenAgain(port, uri, budget);
    return reopened === undefined ? undefined : done(await settled(port, uri, budget, reopened, QUIET_OPENED_MS), 'fresh');
  };

  const checked = await budget.race(port.check(uri, document.languageId).catch((): undefined => undefined));
  if (checked !== undefined) {
    // The server's own answer for its source; what other sources (linters) published stays beside it.
    const others = port.of(uri).filter((d) => d.source !== checked.source);
    return done([...checked.diagnostics, ...others], 'fresh');
  }
  // Only an extension with code that activates on the language can report on it (an extension that
  // activates on startup, ours among them, says nothing about which languages it checks).
  if (!features.hasProviderSource(document.languageId) || !features.servesLanguage(document.languageId)) return done(port.of(uri), 'unchecked');

  // Its server built it against the disk as it was before a save of a file it includes (a rename's
  // header, saved just after the edit): a publish after the save can still be of that build, so the
  // file is given to its server again, which drops that build, and only what comes after counts.
  const { includesSaved } = options;
  const givenAt = includesSaved === undefined ? -Infinity : (port.givenAgainAt(uri) ?? -Infinity);
  if (includesSaved !== undefined && givenAt < includesSaved && !sync.dirty) {
    const regiven = await answerGivenAgain();
    if (regiven !== undefined) return regiven;
  }
  // A publish counts when it came after the file's last change, or after we opened it for its server.
  // A reload during the wait moves the mark: what was published before it was of the older text.
  // A change to a file it depends on counts as its own.
  const since = Math.max(
    port.changedAt(uri) ?? -Infinity,
    options.after ?? -Infinity,
    includesSaved ?? -Infinity,
    givenAt,
    wasOpen ? -Infinity : started,
    sync.reloaded === true ? port.now() : -Infinity,
  );
  const quietMs = wasOpen ? QUIET_MS : QUIET_OPENED_MS;
  const published = port.publishedAt(uri);
  if (published !== undefined && published >= since) return done(await settled(port, uri, budget, since, quietMs), 'fresh');
  // Open before the watch began, unchanged since, and nothing published that the watch saw: what it
  // holds is its answer, where it holds one (a pull client's document in no tab has none: the rename
  // opens its files, and their errors before it must not read as none).
  if (since === -Infinity && port.holdsAnswer(uri, document.languageId)) return done(port.of(uri), 'fresh');
  const wait = (ms: number): Promise<boolean> => publishedSince(port, uri, since, ms, budget);
  // A server that reports only on files in tabs gets one in the background, closed again after.
  const tabFirst = port.needsTab(document.languageId);
  // A dependent of a server that checks the whole project (it reports on files nobody opened): once it
  // has published for the family since the change and gone quiet, a file it said nothing more about
  // is as it last reported (gopls publishes again only what changed).
  const unchangedSince = options.after !== undefined && (port.changedAt(uri) ?? -Infinity) < options.after ? options.after : undefined;
  if (!tabFirst && unchangedSince !== undefined && port.publishesClosed(uri) && (await familySettled(port, uri, unchangedSince, budget))) {
    return done(port.of(uri), 'fresh');
  }
  // Even for a server still starting: a tab costs a push server nothing, and a pull server needs one.
  if (!tabFirst && (await wait(TAB_HINT_MS))) return done(await settled(port, uri, budget, since, quietMs), 'fresh');
  // A server that re-checks only what it was given (clangd does not rebuild an open file when a
  // header it includes changes on disk): a dependent it already reported on, unchanged itself, is
  // given to it again, as on opening. (Other files' first reports, as the call opens them, say
  // nothing about this one; a file whose report a pull client dropped with its tab has no publish on
  // record, and a language whose client pulls gets a tab.)
  const dependentHeld = !tabFirst && wasOpen && unchangedSince !== undefined && port.publishedAt(uri) !== undefined;
  if (dependentHeld) {
    const regiven = await answerGivenAgain();
    if (regiven !== undefined) return regiven;
  }
  const showing = port.showInBackground(uri, document.languageId);
  // The tab opens whatever the budget says: one the budget ran out on is closed when it comes.
  const close = await budget.race(showing).catch((err: unknown) => {
    void showing.then((closeLate) => closeLate?.()).catch(() => undefined);
    throw err;
  });
  const shown = port.now();
  try {
    // Already in a tab (the person's, or follow-along's), unchanged itself, a dependent of the change:
    // a pull client asks for it again only when its server says so (TypeScript 7 may not, for a
    // change on disk), so it is given to the server again, as on opening, unless the server is quick.
    const tabbedDependent = close === undefined && tabFirst && unchangedSince !== undefined;
    let mark = since;
    const ms = tabbedDependent ? TAB_HINT_MS : port.publishedFor(document.languageId) ? PUBLISH_WAIT_MS : STARTING_WAIT_MS;
    if (!(await wait(ms))) {
      const reopened = tabbedDependent ? await givenAgain(port, uri, budget) : undefined;
      if (reopened === undefined) return done(port.of(uri), 'stale');
      mark = reopened;
    }
    const took = (port.publishedAt(uri) ?? shown) - shown;
    await settled(port, uri, budget, mark, Math.max(quietMs, Math.min(took * PULL_QUIET_FACTOR, PULL_QUIET_MAX_MS)));
    // Pulls for other files in tabs at once cancel and restart one another's analyses: the server's
    // last word on this file comes once it has been quiet about every file of its family.
    return done(await familyQuiet(port, uri, budget, FAMILY_QUIET_MS), 'fresh');
  } finally {
    await close?.();
  }
}

/**
 * Gives an open file to its server again, as on opening (port.reopen): when it was, and a publish
 * came after that within PUBLISH_WAIT_MS, the time it was given; otherwise undefined.
 */
async function givenAgain(port: DiagnosticsPort, uri: string, budget: Budget): Promise<number | undefined> {
  if (!(await budget.race(port.reopen(uri)))) return undefined;
  const reopened = port.now();
  return (await publishedSince(port, uri, reopened, PUBLISH_WAIT_MS, budget)) ? reopened : undefined;
}

/**
 * Whether `uri` has a publish on record at or after `mark` (even when the mark is -Infinity: a file
 * open all along that never had one holds nothing), waiting up to `ms` for the next one.
 */
async function publishedSince(port: DiagnosticsPort, uri: string, mark: number, ms: number, budget: Budget): Promise<boolean> {
  const fresh = (): boolean => (port.publishedAt(uri) ?? NaN) >= mark;
  return fresh() || (await budget.race(port.nextPublish(uri, Math.min(ms, budget.remaining())))) || fresh();
}

/** What the server holds for `uri` once no file of its family has had a publish for `ms`. */
async function familyQuiet(port: DiagnosticsPort, uri: string, budget: Budget, ms: number): Promise<RawDiagnostic[]> {
  for (;;) {
    const left = Math.min(ms - (port.now() - (port.familyPublishedAt(uri) ?? -Infinity)), budget.remaining());
    if (left <= 0) return port.of(uri);
    await budget.race(port.wait(left));
  }
}

/**
 * Whether the server re-checked the project after the change: some file of `uri`'s family had a
 * publish after `since`, then the family had none for QUIET_OPENED_MS. False once the family has
 * been that quiet without such a publish, or after PUBLISH_WAIT_MS.
 */
async function familySettled(port: DiagnosticsPort, uri: string, since: number, budget: Budget): Promise<boolean> {
  const end = port.now() + Math.min(PUBLISH_WAIT_MS, budget.remaining());
  for (;;) {
    const quietFor = port.now() - (port.familyPublishedAt(uri) ?? -Infinity);
    if (quietFor >= QUIET_OPENED_MS) return (port.familyPublishedAt(uri) ?? -Infinity) >= since;
    const left = end - port.now();
    if (left <= 0) return false;
    await budget.race(port.wait(Math.min(left, QUIET_OPENED_MS - quietFor)));
  }
}

/**
 * What the server holds after its first publish since the change: a quick one (REACTION_MS) waits for
 * the next until REACTION_WAIT_MS after it (no longer than that when the call comes later), then quiet.
 */
async function settled(port: DiagnosticsPort, uri: string, budget: Budget, since: number, quietMs: number): Promise<RawDiagnostic[]> {
  const first = port.publishedAt(uri) ?? since;
  const left = first + REACTION_WAIT_MS - port.now();
  if (first - since < REACTION_MS && left > 0) await budget.race(port.nextPublish(uri, Math.min(left, budget.remaining())));
  return quiet(port, uri, budget, quietMs);
}

/** What the server holds once it has been quiet about `uri` for `ms` since its last publish. */
async function quiet(port: DiagnosticsPort, uri: string, budget: Budget, ms: number): Promise<RawDiagnostic[]> {
  for (;;) {
    const left = Math.min(ms - (port.now() - (port.publishedAt(uri) ?? -Infinity)), budget.remaining());
    if (left <= 0 || !(await budget.race(port.nextPublish(uri, left)))) return port.of(uri);
  }
}
