// What the engine needs from the editor, as interfaces: the platform layer implements them over
// VS Code, and unit tests over fakes in plain Node. Every URI is a string (`Uri.toString()`).
import type { WorkspaceRoot } from '../text/displayPath';
import type { HierarchyDirection } from '../text/coordinates';
import type { LspOperation, LspPosition, LspRange } from './result';

/** A file_path resolved to a document. */
export interface ResolvedFile {
  uri: string;
  /** Inside a workspace folder after symlinks are resolved: a link that escapes counts as outside. */
  inside: boolean;
}

/** The lines of an opened document, as the language servers see it. */
export interface DocumentSnapshot {
  uri: string;
  languageId: string;
  lineCount: number;
  /** Text of a zero-based line (0 <= line < lineCount). */
  lineText(line: number): string;
  /** Whether the editor holds changes to it not saved to disk (now). */
  isDirty(): boolean;
}

/**
 * A file of an answer as each caller can see it (engine/callerFiles.ts): the disk's lines (an open
 * document's, when it has no unsaved changes: VS Code keeps it as the disk has it), and the editor's.
 */
export interface FileView {
  /** 'gone': no file is there; undefined: it could not be read or told (too large, not a file system's). */
  disk: string[] | 'gone' | undefined;
  /** The editor's text, when the file is open with unsaved changes: what the servers see. */
  unsaved?: string[];
}

export interface Workspace {
  /** The file a tool's file_path names; throws LspToolError with the resolution's code, advice in `tool`'s terms. */
  resolveFile(filePath: string, tool: string): Promise<ResolvedFile>;
  openDocument(uri: string): Promise<DocumentSnapshot>;
  /**
   * The document `filePath` resolved to and was opened as by an earlier call, as kept, without a
   * look at the disk: what a call may ask about before its own checks (engine/earlyAnswer.ts).
   * Undefined when no such document is kept (or it was closed).
   */
  knownDocument(filePath: string): KnownDocument | undefined;
  /** Lines of each URI's file for previews, without opening documents; `known` are not read again. */
  readLines(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>>;
  /** Each URI's file on disk and in the editor (one stat per file, lines kept between calls); `known` are not read again. */
  fileViews(uris: readonly string[], known?: ReadonlyMap<string, FileView>): Promise<Map<string, FileView>>;
  roots(): WorkspaceRoot[];
  /** The folder that owns `uri` (else the first folder): where readiness is tracked and outside paths are rendered from. */
  folderOf(uri: string): string;
  /** Documents open in the editor now: what a loading server already knows. */
  openDocumentUris(): ReadonlySet<string>;
  /**
   * Files whose opening wakes a language's server on the workspace's projects, found by project
   * markers where they exist (tsconfig.json/jsconfig.json, compile_commands.json, go.mod,
   * pyproject.toml/setup.py/setup.cfg, Cargo.toml, pom.xml/build.gradle), else one file of each
   * such language present; TypeScript's projects first. The engine chooses which to open (engine/wake.ts).
   */
  wakeCandidates(): Promise<WakeCandidate[]>;
  /** Opens documents without showing them; those already open are left alone, one that fails to open is skipped. */
  openInBackground(uris: readonly string[]): Promise<void>;
  /**
   * What the disk shows of the background indexes language servers build of the workspace's
   * projects (engine/indexProgress.ts), for the languages an installed extension serves; never rejects.
   */
  indexProgress(): Promise<IndexProgress[]>;
}

/**
 * A project's background index as the disk shows it: clangd writes a shard per translation unit of
 * a compile_commands.json under the project's .cache/clangd/index/ as it indexes it.
 */
export interface IndexProgress {
  /** The project's file that lists its files (compile_commands.json), as a URI. */
  project: string;
  /** How many files the project lists (that exist). */
  total: number;
  /** How many of them are in the index; undefined when the disk shows no index of the project. */
  indexed?: number;
}

export interface KnownDocument {
  document: DocumentSnapshot;
  /** As folderOf gives it. */
  folder: string;
  /** Inside a workspace folder when it was resolved. */
  inside: boolean;
}

export interface WakeCandidate {
  uri: string;
  /** The language id VS Code gives the file. */
  languageId: string;
  /** The workspace folder it belongs to. */
  folder: string;
}

export type HierarchyKind = 'call' | 'type';
export type { HierarchyDirection } from '../text/coordinates';

/**
 * VS Code's language features, one provider command per call. Each resolves to what the command
 * returned, unknown: the engine normalises it. Each rejects when a provider threw.
 */
export interface LanguageFeatures {
  /** What the providers for `operation` answer at a position. */
  atPosition(operation: LspOperation, uri: string, position: LspPosition): Promise<unknown>;
  /** vscode.executeWorkspaceSymbolProvider. */
  workspaceSymbols(query: string): Promise<unknown>;
  /** vscode.executeDocumentSymbolProvider. */
  documentSymbols(uri: string): Promise<unknown>;
  /** vscode.prepareCallHierarchy or vscode.prepareTypeHierarchy: the items at a position. */
  prepareHierarchy(kind: HierarchyKind, uri: string, position: LspPosition): Promise<unknown>;
  /**
   * vscode.provideIncomingCalls, provideOutgoingCalls, provideSupertypes or provideSubtypes for an
   * item exactly as prepareHierarchy (or an earlier call) returned it.
   */
  hierarchyRelated(direction: HierarchyDirection, item: unknown): Promise<unknown>;
  /**
   * The semantic tokens of a document around a zero-based line and their legend, as
   * vscode.provideDocumentRangeSemanticTokens (else vscode.provideDocumentSemanticTokens) and its
   * legend command returned them; undefined when no semantic tokens provider answered.
   */
  semanticTokens(uri: string, line: number): Promise<{ legend: unknown; tokens: unknown } | undefined>;
  /**
   * Whether an installed extension serves this language, by its manifest (it activates on the
   * language, or contributes it and has code): worth waking. Unknowable (a remote window's UI
   * side): true.
   */
  servesLanguage(languageId: string): boolean;
  /** Whether any installed extension could provide for this language (false: say "no provider"). */
  hasProviderSource(languageId: string): boolean;
}

export interface EngineLog {
  trace(message: string): void;
  debug(message: string): void;
  error(message: string): void;
}

/** A diagnostic as VS Code holds it, in plain data: `severity` is vscode.DiagnosticSeverity (0 error … 3 hint). */
export interface RawDiagnostic {
  range: { start: LspPosition; end: LspPosition };
  severity: number;
  message: string;
  source?: string;
  code?: string;
}

/** What a check of one file found: its diagnostics, and whether they were asked of the server itself. */
export interface CheckedDiagnostics {
  diagnostics: RawDiagnostic[];
  /** The source those diagnostics came from (`ts`): VS Code's own diagnostics of that source are replaced by them. */
  source: string;
}

/**
 * The editor's diagnostics and what it saw happen to files (engine/freshDiagnostics.ts): VS Code's
 * diagnostics, each publish and each content change stamped on `now()`'s clock from the watch's start.
 */
export interface DiagnosticsPort {
  now(): number;
  /** Every URI VS Code holds diagnostics for now, with them. */
  all(): Map<string, RawDiagnostic[]>;
  /** What VS Code holds for one URI now. */
  of(uri: string): RawDiagnostic[];
  /** When diagnostics for `uri` were last published, as seen since the watch started. */
  publishedAt(uri: string): number | undefined;
  /** When diagnostics were last published for any file of `uri`'s family (engine/languages/index.ts familyOf), open or not. */
  familyPublishedAt(uri: string): number | undefined;
  /**
   * Gives an open document's server the document again, as on opening (closed and opened as its
   * language), when it has no unsaved changes; false when it has.
   */
  reopen(uri: string): Promise<boolean>;
  /** When `uri` was last given to its server again (reopen), as seen since the watch started. */
  givenAgainAt(uri: string): number | undefined;
  /** When the editor last saved `uri`, as seen since the watch started. */
  savedAt(uri: string): number | undefined;
  /** When `uri`'s content last changed (on disk or in the editor), as seen since the watch started. */
  changedAt(uri: string): number | undefined;
  /** Every URI whose content changed since the watch started (a deleted file included), newest last. */
  changed(): string[];
  /** Looks at the workspace's files on disk, so that changed() has a write the file watcher has not reported yet. */
  sweep(): Promise<void>;
  /** As `sweep`, for these files only: a writing tool's look at the files it is about to change. */
  stamp(uris: readonly string[]): Promise<void>;
  /** Resolves after `ms` on now()'s clock. */
  wait(ms: number): Promise<void>;
  /** Resolves true at the next publish for `uri`, false after `ms`. */
  nextPublish(uri: string, ms: number): Promise<boolean>;
  /**
   * Waits up to `ms` until `uri`'s open document, when it has no unsaved changes, holds the disk's
   * text (VS Code reloads it from disk a little after a write). `dirty`: it has unsaved changes;
   * `reloaded`: it showed the disk's text only during the wait.
   */
  inSync(uri: string, ms: number): Promise<{ dirty: boolean; synced: boolean; reloaded?: boolean }>;
  /**
   * Shows the file in a background tab (the active editor and the focus stay), for servers that
   * report only on files in tabs (pull diagnostics in vscode-languageclient); undefined when it is in
   * a tab already. The returned function closes the tab it opened. Remembers the language.
   */
  showInBackground(uri: string, languageId: string): Promise<(() => Promise<void>) | undefined>;
  /** Whether diagnostics were ever seen published for a document of this language (its server is up). */
  publishedFor(languageId: string): boolean;
  /**
   * Whether the server of `uri`'s family was seen publishing diagnostics for a file that no document
   * held (it checks the whole project, as gopls does): what it does not publish again is unchanged.
   */
  publishesClosed(uri: string): boolean;
  /** Whether a file of this language needed a tab before to be checked. */
  needsTab(languageId: string): boolean;
  /**
   * Whether what the editor holds for the open `uri` is its server's word even with nothing published:
   * it is in a tab, or its language's server was seen reporting on a document in no tab. (A pull
   * client holds nothing for a document in no tab.)
   */
  holdsAnswer(uri: string, languageId: string): boolean;
  /** Asks the file's server directly where its language has a request for that (tsserver); undefined elsewhere. */
  check(uri: string, languageId: string): Promise<CheckedDiagnostics | undefined>;
  /** The language id VS Code gives a file by its name, without opening it; undefined when none is known. */
  languageOf(uri: string): string | undefined;
  /** The folder a file_path names (relative to a workspace folder, or absolute), or undefined when it names none. */
  resolveFolder(filePath: string): Promise<string | undefined>;
  /** Up to `max` files under a folder (what files.exclude hides and node_modules left out), and whether there were more. */
  filesIn(folder: string, max: number): Promise<{ uris: string[]; more: boolean }>;
  /** Whether a file is there (a deleted file's diagnostics are not listed; a folder is no file). */
  isFile(uri: string): Promise<boolean>;
}

/** One file's text edits of a workspace edit (zero-based ranges, in the text before the edit). */
export interface FileTextEdits {
  uri: string;
  edits: { range: LspRange; newText: string }[];
}

/** A workspace edit as a provider proposed it: what the engine reads of it, and what the platform applies. */
export interface ProposedEdit {
  files: FileTextEdits[];
  /** The platform's own edit, applied as it came. */
  handle: unknown;
}

/** A file's text before an edit, to put it back. */
export interface FileBefore {
  uri: string;
  /** Its text: the editor's where a document holds it, else the disk's. */
  text: string;
  /** Whether it had unsaved changes (then it is put back unsaved). */
  dirty: boolean;
}

/** The workspace's edits, for the tools that write: a rename as its provider gives it, applied, saved and undone. */
export interface WorkspaceEdits {
  /**
   * vscode.executeDocumentRenameProvider (the provider's prepare step included); undefined when no
   * provider answered. Rejects with the provider's reason where it refuses.
   */
  rename(uri: string, position: LspPosition, newName: string): Promise<ProposedEdit | undefined>;
  /** The files among `uris` whose documents hold unsaved changes now. */
  unsaved(uris: readonly string[]): string[];
  /** Each file's text now, to put back. */
  snapshot(uris: readonly string[]): Promise<FileBefore[]>;
  /** Applies the edit, whole or not at all; false when the editor refused it. */
  apply(edit: ProposedEdit): Promise<boolean>;
  /** Saves the documents of `uris`; the ones that could not be saved. */
  save(uris: readonly string[]): Promise<string[]>;
  /** Puts each file back as it was: its text in the editor, saved where it had no unsaved changes. */
  restore(before: readonly FileBefore[]): Promise<void>;
}
