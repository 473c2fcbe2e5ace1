// Fakes of the engine's ports, for unit tests in plain Node (as vscode-copilot-chat tests its tools).
/* eslint-disable @typescript-eslint/require-await -- fakes of async ports: `async` turns a throw into a rejection, as the real port does. */
import type {
  DocumentSnapshot,
  FileView,
  IndexProgress,
  KnownDocument,
  EngineLog,
  HierarchyDirection,
  HierarchyKind,
  LanguageFeatures,
  ResolvedFile,
  WakeCandidate,
  Workspace,
} from '../../../src/engine/ports';
import { LspEngine } from '../../../src/tools/lsp/engine';
import type { ReadinessTuning } from '../../../src/engine/readiness';
import type { LspOperation, LspPosition } from '../../../src/engine/result';
import { DEFAULT_SETTINGS, type LspToolSettings } from '../../../src/engine/settings';
import { LspToolError } from '../../../src/engine/errors';

export const ROOT = 'file:///w';

function snapshotOf(uri: string, file: { text: string; languageId: string }, unsaved?: string): DocumentSnapshot {
  const lines = (unsaved ?? file.text).split('\n');
  return { uri, languageId: file.languageId, lineCount: lines.length, lineText: (line) => lines[line]!, isDirty: () => unsaved !== undefined };
}

export class FakeWorkspace implements Workspace {
  /** Files by workspace-relative path: their text and language. */
  readonly files = new Map<string, { text: string; languageId: string; inside?: boolean }>();
  readonly open = new Set<string>();
  /** The editor's unsaved text of a file, by URI: what its documents and the servers see. */
  readonly unsaved = new Map<string, string>();
  resolutions = 0;

  uriOf(path: string): string {
    return path.startsWith('/') ? `file://${path}` : `${ROOT}/${path}`;
  }

  add(path: string, text: string, languageId = 'typescript', inside = true): string {
    this.files.set(path, { text, languageId, inside });
    return this.uriOf(path);
  }

  async resolveFile(filePath: string): Promise<ResolvedFile> {
    this.resolutions++;
    const file = this.files.get(filePath);
    if (!file) throw new LspToolError('LSP_FILE_NOT_FOUND', `file_path "${filePath}" was not found.`);
    const resolved = { uri: this.uriOf(filePath), inside: file.inside !== false };
    this.resolved.set(filePath, resolved);
    return resolved;
  }

  /** What each file_path resolved to last, as the platform's resolution cache keeps it (a test may make one stale). */
  readonly resolved = new Map<string, ResolvedFile>();

  knownDocument(filePath: string): KnownDocument | undefined {
    const resolved = this.resolved.get(filePath);
    const file = resolved && this.byUri(resolved.uri);
    if (!resolved || !file || !this.open.has(resolved.uri)) return undefined;
    return { document: snapshotOf(resolved.uri, file, this.unsaved.get(resolved.uri)), folder: ROOT, inside: resolved.inside };
  }

  private byUri(uri: string): { text: string; languageId: string } | undefined {
    for (const [path, file] of this.files) if (this.uriOf(path) === uri) return file;
    return undefined;
  }

  /** A document that still shows its file's older text (VS Code not yet reloaded) for this many more opens. */
  readonly lagging = new Map<string, { text: string; opens: number }>();

  async openDocument(uri: string): Promise<DocumentSnapshot> {
    const file = this.byUri(uri);
    if (!file) throw new Error(`no document ${uri}`);
    this.open.add(uri);
    const lag = this.lagging.get(uri);
    if (lag !== undefined && lag.opens-- > 0) return snapshotOf(uri, { ...file, text: lag.text }, undefined);
    return snapshotOf(uri, file, this.unsaved.get(uri));
  }

  /** The URIs each fileViews call read (those not already known). */
  readonly viewed: string[][] = [];

  async fileViews(uris: readonly string[], known?: ReadonlyMap<string, FileView>): Promise<Map<string, FileView>> {
    const read = [...new Set(uris)].filter((uri) => !known?.has(uri));
    if (read.length > 0) this.viewed.push(read);
    const out = new Map(known);
    for (const uri of read) {
      const file = this.byUri(uri);
      const unsaved = this.unsaved.get(uri)?.split('\n');
      const disk = file ? file.text.split('\n') : 'gone';
      out.set(uri, unsaved === undefined ? { disk } : { disk, unsaved });
    }
    return out;
  }

  /** The files each readLines call read (those not already known), when it read any. */
  readonly reads: string[][] = [];

  async readLines(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>> {
    const read = [...new Set(uris)].filter((uri) => !known?.has(uri));
    if (read.length > 0) this.reads.push(read);
    const out = new Map(known);
    for (const uri of uris) {
      const file = this.byUri(uri);
      if (file && !out.has(uri)) out.set(uri, file.text.split('\n'));
    }
    return out;
  }

  roots(): { name: string; uri: string }[] {
    return [{ name: 'w', uri: ROOT }];
  }

  folderOf(): string {
    return ROOT;
  }

  openDocumentUris(): ReadonlySet<string> {
    return this.open;
  }

  /** Wakes (openInBackground calls that opened something), as opening a file of each project makes tsserver load it. */
  projectLoads = 0;
  /** TypeScript project files the platform would offer to wake its server with. */
  projectFiles: string[] = [];
  /** Candidates of other languages, after the TypeScript ones. */
  moreCandidates: WakeCandidate[] = [];
  /** Every URI openInBackground opened, in order. */
  readonly woken: string[] = [];

  async wakeCandidates(): Promise<WakeCandidate[]> {
    return [...this.projectFiles.map((uri) => ({ uri, languageId: 'typescript', folder: ROOT })), ...this.moreCandidates];
  }

  async openInBackground(uris: readonly string[]): Promise<void> {
    const fresh = uris.filter((uri) => !this.open.has(uri));
    if (fresh.length > 0) this.projectLoads++;
    for (const uri of fresh) {
      this.open.add(uri);
      this.woken.push(uri);
    }
  }

  /** What the disk shows of background indexes, at each look (none by default); the looks are counted. */
  indexes: () => IndexProgress[] = () => [];
  indexLooks = 0;

  async indexProgress(): Promise<IndexProgress[]> {
    this.indexLooks++;
    return this.indexes();
  }
}

/** The outline entry a running server gives when a test sets no outline of its own. */
const SOME_SYMBOL = {
  name: 'declared',
  kind: 11,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 8 } },
  selectionRange: { start: { line: 0, character: 0 }, end: { line: 0, character: 8 } },
  children: [],
  detail: '',
};

export type Answerer = (operation: LspOperation, uri: string, position: LspPosition, call: number) => unknown;

/** Answers for the symbol and hierarchy commands; each gets the 1-based count of its own calls. */
export interface FakeAnswers {
  workspaceSymbols?: (query: string, call: number) => unknown;
  documentSymbols?: (uri: string, call: number) => unknown;
  prepareHierarchy?: (kind: HierarchyKind, uri: string, position: LspPosition) => unknown;
  hierarchyRelated?: (direction: HierarchyDirection, item: unknown) => unknown;
}

export class FakeFeatures implements LanguageFeatures {
  calls = 0;
  readonly asked: { operation: LspOperation; uri: string; position: LspPosition }[] = [];
  readonly commandCalls = { workspaceSymbols: 0, documentSymbols: 0, prepareHierarchy: 0, hierarchyRelated: 0 };
  providerLanguages = new Set(['typescript']);
  more: FakeAnswers = {};

  constructor(public answer: Answerer) {}

  async workspaceSymbols(query: string): Promise<unknown> {
    return this.more.workspaceSymbols?.(query, ++this.commandCalls.workspaceSymbols);
  }

  async documentSymbols(uri: string): Promise<unknown> {
    const call = ++this.commandCalls.documentSymbols;
    if (this.more.documentSymbols) return this.more.documentSymbols(uri, call);
    // A running server outlines a file with a declaration in it: the servers these fakes stand for are up.
    return this.providerLanguages.size > 0 ? [SOME_SYMBOL] : undefined;
  }

  async prepareHierarchy(kind: HierarchyKind, uri: string, position: LspPosition): Promise<unknown> {
    this.commandCalls.prepareHierarchy++;
    return this.more.prepareHierarchy?.(kind, uri, position);
  }

  async hierarchyRelated(direction: HierarchyDirection, item: unknown): Promise<unknown> {
    this.commandCalls.hierarchyRelated++;
    return this.more.hierarchyRelated?.(direction, item);
  }

  async atPosition(operation: LspOperation, uri: string, position: LspPosition): Promise<unknown> {
    this.calls++;
    this.asked.push({ operation, uri, position });
    return this.answer(operation, uri, position, this.calls);
  }

  /** Semantic tokens by document URI: the legend's token types and the encoded data. */
  readonly tokens = new Map<string, { tokenTypes: string[]; data: number[] }>();
  semanticTokenCalls = 0;

  async semanticTokens(uri: string): Promise<{ legend: unknown; tokens: unknown } | undefined> {
    this.semanticTokenCalls++;
    const known = this.tokens.get(uri);
    return known && { legend: { tokenTypes: known.tokenTypes, tokenModifiers: [] }, tokens: { data: Uint32Array.from(known.data) } };
  }

  servesLanguage(languageId: string): boolean {
    return this.providerLanguages.has(languageId);
  }

  hasProviderSource(languageId: string): boolean {
    return this.providerLanguages.has(languageId);
  }
}

export class RecordingLog implements EngineLog {
  readonly lines: { level: 'trace' | 'debug' | 'error'; message: string }[] = [];
  trace(message: string): void {
    this.lines.push({ level: 'trace', message });
  }
  debug(message: string): void {
    this.lines.push({ level: 'debug', message });
  }
  error(message: string): void {
    this.lines.push({ level: 'error', message });
  }
}

/** Readiness windows in milliseconds instead of seconds. */
export const FAST_TUNING: ReadinessTuning = { stableMs: 30, loadFactor: 1.5, emptyStableMs: 60, firstDelayMs: 5, maxDelayMs: 15 };

export function engineWith(answer: Answerer, settings: Partial<LspToolSettings> = {}) {
  const workspace = new FakeWorkspace();
  const features = new FakeFeatures(answer);
  const log = new RecordingLog();
  const engine = new LspEngine({ workspace, features, log, settings: () => ({ ...DEFAULT_SETTINGS, ...settings }), tuning: FAST_TUNING });
  return { engine, workspace, features, log };
}

export function location(uri: string, line: number, character: number, length = 3) {
  return { uri: { scheme: 'file', toString: () => uri }, range: { start: { line, character }, end: { line, character: character + length } } };
}

/** A cancellation token the test cancels. */
export function cancellation() {
  const listeners: (() => void)[] = [];
  const token = {
    isCancellationRequested: false,
    onCancellationRequested(listener: () => void) {
      listeners.push(listener);
      return { dispose: () => undefined };
    },
  };
  return {
    token,
    cancel: () => {
      token.isCancellationRequested = true;
      for (const l of listeners) l();
    },
  };
}
