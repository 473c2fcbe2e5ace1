// The only caller of VS Code's execute*Provider commands: one parameterised call, normalised,
// readiness-aware, inside one budget.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../ids';
import { LspToolError } from '../tool/errors';
import type { Budget } from './budget';
import { normalizeHovers, normalizeLocations } from './normalize';
import { confinedToOpenFiles, DEFAULT_TUNING, settle, type ReadinessTuning } from './readiness';
import type { Completeness, LspHover, LspLocation, LspOperation, LspQueryResult } from './types';

const PROVIDER_COMMAND: Record<LspOperation, string> = {
  goToDefinition: 'vscode.executeDefinitionProvider',
  findReferences: 'vscode.executeReferenceProvider',
  goToImplementation: 'vscode.executeImplementationProvider',
  hover: 'vscode.executeHoverProvider',
};

export interface SeamRequest {
  operation: LspOperation;
  document: vscode.TextDocument;
  position: vscode.Position;
}

export interface SeamAnswer {
  result: LspQueryResult;
  /** Entries that providers returned malformed and the seam dropped. */
  malformed: number;
  /** Time spent waiting for the language server to settle (0 when warm). */
  waitedMs: number;
}

type Raw = { kind: 'locations'; locations: LspLocation[]; malformed: number } | { kind: 'hover'; hover: LspHover | null; malformed: number };

function isEmpty(raw: Raw): boolean {
  return raw.kind === 'locations' ? raw.locations.length === 0 : raw.hover === null;
}

/** Empty, or (for locations) confined to open files: trusted only after the longer window. */
function provisional(raw: Raw): boolean {
  if (raw.kind === 'hover') return raw.hover === null;
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
  return confinedToOpenFiles(raw.locations.map((l) => l.uri), open);
}

function same(a: Raw, b: Raw): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether this extension host sees the extensions that could provide: `vscode.extensions.all` lists
 * only its own host's, and on the UI side of a remote window (the web worker, or a local host) the
 * language extensions run in the remote one.
 */
function seesLanguageExtensions(): boolean {
  return vscode.env.remoteName === undefined || vscode.extensions.getExtension(EXTENSION_ID)?.extensionKind !== vscode.ExtensionKind.UI;
}

/** Whether any installed extension says it activates for this language (a provider can only come from one). */
function languageHasProviderSource(languageId: string): boolean {
  if (languageId === 'plaintext') return false;
  // Unknowable from here: say nothing rather than claim that no provider exists.
  if (!seesLanguageExtensions()) return true;
  return vscode.extensions.all.some((extension) => {
    const pkg = extension.packageJSON as { activationEvents?: unknown; contributes?: { languages?: unknown } };
    const events = Array.isArray(pkg.activationEvents) ? (pkg.activationEvents as unknown[]) : [];
    if (events.some((e) => e === `onLanguage:${languageId}` || e === '*' || e === 'onStartupFinished')) return true;
    return false;
  });
}

export class VscodeSeam {
  private readonly warm = new Set<string>();

  constructor(private readonly tuning: ReadinessTuning = DEFAULT_TUNING) {}

  /**
   * Files appeared or vanished: the server reloads its project and answers partially again, so
   * queries on that folder warm up anew (seen: a warm tsserver answering a few of 172 references
   * right after files were created and deleted).
   */
  coolDown(uri: vscode.Uri, languageId?: string): void {
    const prefix = `${VscodeSeam.resolvedWorkspaceUri(uri)}|${languageId === undefined ? '' : `${languageId}|`}`;
    for (const key of this.warm) if (key.startsWith(prefix)) this.warm.delete(key);
  }

  coolLanguage(languageId: string): void {
    for (const key of this.warm) if (key.split('|')[1] === languageId) this.warm.delete(key);
  }

  /**
   * Servers such as tsserver close a project when its last open file closes, and load it again,
   * answering partially, when one opens: so the last close of a language in a folder cools it too.
   */
  private onClose(closed: vscode.TextDocument): void {
    const folder = VscodeSeam.resolvedWorkspaceUri(closed.uri);
    const stillOpen = vscode.workspace.textDocuments.some(
      (d) => d !== closed && !d.isClosed && d.languageId === closed.languageId && VscodeSeam.resolvedWorkspaceUri(d.uri) === folder,
    );
    if (!stillOpen) this.coolDown(closed.uri, closed.languageId);
  }

  /** `watcher`: creations and deletions in the workspace (its owner disposes it). */
  watch(watcher: vscode.FileSystemWatcher): vscode.Disposable {
    return vscode.Disposable.from(
      watcher.onDidCreate((uri) => this.coolDown(uri)),
      watcher.onDidDelete((uri) => this.coolDown(uri)),
      vscode.workspace.onDidCloseTextDocument((document) => this.onClose(document)),
      // A file outside every folder makes servers load another project: its language warms up anew.
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (document.uri.scheme === 'file' && !vscode.workspace.getWorkspaceFolder(document.uri)) this.coolLanguage(document.languageId);
      }),
    );
  }

  /** Canonical folder URI for a document: its own folder, else the first one. */
  static resolvedWorkspaceUri(uri: vscode.Uri): string {
    const folder = vscode.workspace.getWorkspaceFolder(uri) ?? vscode.workspace.workspaceFolders?.[0];
    return (folder?.uri ?? uri.with({ path: '/' })).toString();
  }

  async query(request: SeamRequest, budget: Budget): Promise<SeamAnswer> {
    const { operation, document, position } = request;
    const command = PROVIDER_COMMAND[operation];
    const ask = async (): Promise<Raw> => {
      const raw = await budget.race(
        Promise.resolve(vscode.commands.executeCommand<unknown>(command, document.uri, position)).catch((err: unknown) => {
          throw new LspToolError(
            'LSP_PROVIDER_FAILED',
            `the ${document.languageId} language provider failed on ${operation}: ${err instanceof Error ? err.message : String(err)}. Try another position or operation, or check the language extension's output.`,
          );
        }),
      );
      if (operation === 'hover') return { kind: 'hover', hover: normalizeHovers(raw), malformed: 0 };
      const { locations, malformed } = normalizeLocations(raw);
      return { kind: 'locations', locations, malformed };
    };
    const folder = VscodeSeam.resolvedWorkspaceUri(document.uri);
    const key = `${folder}|${document.languageId}|${operation}`;
    let raw: Raw;
    let completeness: Completeness = 'complete';
    let waitedMs = 0;
    if (this.warm.has(key)) {
      raw = await ask();
    } else {
      const settled = await settle(ask, provisional, same, budget, this.tuning);
      raw = settled.value;
      waitedMs = settled.waitedMs;
      if (settled.stable) this.warm.add(key);
      else completeness = 'partial';
    }
    if (isEmpty(raw) && !languageHasProviderSource(document.languageId)) completeness = 'noProvider';
    const result: LspQueryResult =
      raw.kind === 'hover'
        ? { kind: 'hover', hover: raw.hover, completeness }
        : { kind: 'locations', locations: raw.locations, resolvedWorkspaceUri: folder, completeness };
    return { result, malformed: raw.malformed, waitedMs };
  }
}
