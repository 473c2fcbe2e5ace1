// What a language profile states (the profiles are in this folder, one file per server family, and
// index.ts looks them up): everything the engine and the platform know about one family's language
// server, as data and small pure functions. Whatever a server shows at run time (platform/
// diagnostics.ts learns which servers push, publish for closed files, or need a tab) rules over
// nothing here and is not stated here: it holds for any server.
import type { RawDiagnostic } from '../ports';

/** How the workspace's files that wake a family's server are found (platform/languageWake.ts searches). */
export type WakeSearch =
  /** One source of each project a config file marks, and one of each workspace folder with no config. */
  | { kind: 'configs'; configs: string; sources: string }
  /** The first existing file a compile database lists (opening it makes the server load the database), else any source. */
  | { kind: 'compileDatabase'; databases: string; sources: string }
  /** One source beside each project marker (not one `avoid` matches, if there is another), else any source. */
  | { kind: 'markers'; markers: string; sources: string; avoid?: RegExp };

/** How the diagnostics of a file that is in no tab are obtained (platform/diagnostics.ts check). */
export type ClosedFileDiagnostics =
  /** From what the server publishes (and, where it needs one, a background tab: learnt at run time). */
  | { kind: 'published' }
  /** Asked of the server directly: `command` once per request, the answers read and joined in order. */
  | {
      kind: 'request';
      command: string;
      requests: readonly string[];
      /** The diagnostics' source: VS Code's own diagnostics of that source are replaced by them. */
      source: string;
      /** The diagnostics of one answer, or undefined when it gave none. */
      read(response: unknown): RawDiagnostic[] | undefined;
    };

/** A background index the server keeps on disk, per project a compile database marks (engine/indexProgress.ts). */
export interface BackgroundIndex {
  /** The projects' databases, as a workspace glob. */
  databases: string;
  /** The files a database lists, each once. */
  translationUnits(entries: unknown): string[];
  /** The folders, relative to the database's folder, where the server may keep its index. */
  indexFolders(databaseFolderName: string): string[];
  /** The listed files that have no entry among the index's file names. */
  unitsWithoutEntry(units: readonly string[], entryNames: Iterable<string>): string[];
}

export interface LanguageProfile {
  /** The family's name: `typescript`, `python`, `c`, `go`, or `other`. */
  readonly name: string;
  /** The VS Code language ids its server serves. */
  readonly languageIds: readonly string[];
  /**
   * Its files, by extension (lower case, no dot): files that can depend on each other's declarations
   * (a header and its C sources), so a change to one can break the others. The first names the
   * family (familyOf). Empty for the default: any other extension is a family of its own.
   */
  readonly extensions: readonly string[];
  /** The language ids VS Code's defaults give file extensions (with the dot), where no manifest says otherwise. */
  readonly defaultLanguages: Readonly<Record<string, string>>;
  /** Extensions whose language id is VS Code's choice over any manifest's. */
  readonly claimedLanguages?: Readonly<Record<string, string>>;
  /** Its complete list of keywords, trusted where the editor says nothing of a word (keywordNote.ts); none where not known. */
  readonly keywords?: ReadonlySet<string>;
  /** Words its language reserves: where a file's language is not known, one of these only earns the neutral Note. */
  readonly reservedWords: readonly string[];
  /** What a name in its language may be (a rename's new name is checked against it); none where not known. */
  readonly identifier?: { readonly pattern: RegExp; readonly reserved: ReadonlySet<string> };
  /**
   * Whether its server reads the files a file includes from the disk, never from the editor (clangd:
   * a header's unsaved text is not used): a change to such a file reaches the files that include it
   * when it is saved.
   */
  readonly includesFromDisk?: boolean;
  readonly wake: {
    /** Which files wake its server, in the order they are searched. */
    readonly searches: readonly WakeSearch[];
    /**
     * Whether a cold question on one file first opens a file of each of the language's projects
     * (engine/wake.ts wakeLanguage): false where the server loads the file's own project, which is
     * what the question needs.
     */
    readonly projectsBeforeFileQuestion: boolean;
    /** Whether its server, just woken, answers [] until it has started (rather than blocking until its project has loaded). */
    readonly emptyWhileStarting: boolean;
  };
  readonly settle: {
    /** Whether its answers can grow, outside the open files, while its projects load (engine/readiness.ts growsWhileLoading). */
    readonly growsWhileLoading: boolean;
  };
  readonly closedFile: ClosedFileDiagnostics;
  /** Whether its server is known to register an implementation provider (engine/providerEvidence.ts). */
  readonly implementationProvider: boolean;
  readonly backgroundIndex?: BackgroundIndex;
}
