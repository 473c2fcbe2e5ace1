// One file's diagnostics as fresh as the editor can make them (pure, over DiagnosticsPort): the file
// opened so its server knows it, its document holding the caller's text, then either the server asked
// directly (tsserver) or its next publish after the file's last change awaited, within the budget.
import type { Budget } from './budget';
import type { DiagnosticsPort, LanguageFeatures, RawDiagnostic, Workspace } from './ports';

/** How long an open document may take to show a write to its file before we say so. */
export const SYNC_WAIT_MS = 3000;
/** How long a server that was seen publishing may stay silent about a changed file before we say so. */
export const PUBLISH_WAIT_MS = 5000;
/** After a fresh publish, a second one this soon (a server's later pass: gopls' analyses) is waited for. */
export const QUIET_MS = 150;

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
  /** Milliseconds from the start of the check to its answer. */
  waitedMs: number;
}

export interface CheckDeps {
  workspace: Workspace;
  features: LanguageFeatures;
  diagnostics: DiagnosticsPort;
}

/** Checks one file: never the diagnostics of a text older than the caller's view without saying so. */
export async function freshDiagnostics(deps: CheckDeps, uri: string, budget: Budget): Promise<FileDiagnostics> {
  const { workspace, features, diagnostics: port } = deps;
  const started = port.now();
  const wasOpen = workspace.openDocumentUris().has(uri);
  const document = await budget.race(workspace.openDocument(uri));
  const sync = await budget.race(port.inSync(uri, Math.min(SYNC_WAIT_MS, budget.remaining())));
  const base = { uri, languageId: document.languageId, dirty: sync.dirty, unsynced: !sync.synced };
  const done = (diagnostics: RawDiagnostic[], freshness: Freshness): FileDiagnostics => ({ ...base, diagnostics, freshness, waitedMs: port.now() - started });

  const checked = await budget.race(port.check(uri, document.languageId).catch((): undefined => undefined));
  if (checked !== undefined) {
    // The server's own answer for its source; what other sources (linters) published stays beside it.
    const others = port.of(uri).filter((d) => d.source !== checked.source);
    return done([...checked.diagnostics, ...others], 'fresh');
  }
  if (!features.hasProviderSource(document.languageId)) return done(port.of(uri), 'unchecked');

  // A publish counts when it came after the file's last change, or after we opened it for its server.
  const since = Math.max(port.changedAt(uri) ?? -Infinity, wasOpen ? -Infinity : started);
  const published = port.publishedAt(uri);
  if (published !== undefined && published >= since) return done(await quiet(port, uri, budget), 'fresh');
  // Open before the watch began, unchanged since, and nothing published that the watch saw: what it holds is its answer.
  if (since === -Infinity) return done(port.of(uri), 'fresh');
  const arrived = await budget.race(port.nextPublish(uri, Math.min(PUBLISH_WAIT_MS, budget.remaining())));
  if (!arrived) return done(port.of(uri), 'stale');
  return done(await quiet(port, uri, budget), 'fresh');
}

/** What the server holds once it has been quiet about `uri` for QUIET_MS since its last publish. */
async function quiet(port: DiagnosticsPort, uri: string, budget: Budget): Promise<RawDiagnostic[]> {
  for (;;) {
    const left = Math.min(QUIET_MS - (port.now() - (port.publishedAt(uri) ?? -Infinity)), budget.remaining());
    if (left <= 0 || !(await budget.race(port.nextPublish(uri, left)))) return port.of(uri);
  }
}
