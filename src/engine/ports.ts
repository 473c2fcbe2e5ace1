// What the engine needs from the editor, as interfaces: the platform layer implements them over
// VS Code, and unit tests over fakes in plain Node. Every URI is a string (`Uri.toString()`).
import type { WorkspaceRoot } from '../text/displayPath';
import type { LspOperation, LspPosition } from './result';

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
}

export interface Workspace {
  /** The file a tool's file_path names; throws LspToolError with the resolution's code. */
  resolveFile(filePath: string): Promise<ResolvedFile>;
  openDocument(uri: string): Promise<DocumentSnapshot>;
  /** Lines of each URI's file for previews, without opening documents; `known` are not read again. */
  readLines(uris: readonly string[], known?: ReadonlyMap<string, string[]>): Promise<Map<string, string[]>>;
  roots(): WorkspaceRoot[];
  /** The folder that owns `uri` (else the first folder): where readiness is tracked and outside paths are rendered from. */
  folderOf(uri: string): string;
  /** Documents open in the editor now: what a loading server already knows. */
  openDocumentUris(): ReadonlySet<string>;
}

/** VS Code's language features, one provider command per call. */
export interface LanguageFeatures {
  /**
   * What the providers for `operation` answer at a position, as the command returned it (the
   * engine normalises it). Rejects when a provider threw.
   */
  atPosition(operation: LspOperation, uri: string, position: LspPosition): Promise<unknown>;
  /** Whether any installed extension could provide for this language (false: say "no provider"). */
  hasProviderSource(languageId: string): boolean;
}

export interface EngineLog {
  trace(message: string): void;
  debug(message: string): void;
  error(message: string): void;
}
