// The editor's diagnostics for lsp_diagnostics (engine/freshDiagnostics.ts): VS Code's own, with a
// watch that stamps each publish and each content change (in the editor, or on disk through the file
// watcher), and a server asked directly where its language's profile has a request for that
// (engine/languages/typescript.ts: tsserver's), since the TypeScript extension checks only the files
// shown in a tab.
import * as vscode from 'vscode';
import { keepNewest } from '../engine/keptMap';
import { familyOf, profileOf } from '../engine/languages';
import { pathInside } from '../text/displayPath';
import type { CheckedDiagnostics, DiagnosticsPort, RawDiagnostic } from '../engine/ports';
import { fileBytes, fileStat, stampOf } from '../workspace/files';
import { languageOfFile } from './languageWake';
import { parseUri } from '../workspace/parsedUri';
import { realFsPath } from '../workspace/realpath';

/** Files whose stamps are kept: the newest win. */
const KEPT = 10_000;
/** How long a server may take to clear a file it was told is closed, at most (reopen). */
const REOPEN_CLEAR_MS = 500;
/** What the sweep and a folder's listing leave out: node_modules, and what tools keep in dot-folders (.git, a server's .cache). */
const NOT_SOURCES = '{**/node_modules/**,**/.*/**}';
/** Workspace files a sweep looks at, at most. */
const SWEPT = 20_000;
/** How long a sweep's listing of the workspace stands for the folders' listings (the rest of the call that swept). */
const LISTING_FRESH_MS = 2000;
/**
 * How long after we close a background tab an empty publish for its file is the client's clear, not
 * the server's word: vscode-languageclient forgets a pulled file when its tab closes (about 70 ms
 * later, measured), which could land inside the next call.
 */
const OWN_CLEAR_MS = 1000;
/** When the extension host started, on the file system's clock (milliseconds since the epoch). */
const HOST_STARTED = performance.timeOrigin;

export class VscodeDiagnostics implements DiagnosticsPort, vscode.Disposable {
  private readonly published = new Map<string, number>();
  private readonly changes = new Map<string, number>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly tabLanguages = new Set<string>();
  /** Languages whose server was seen reporting on a document in no tab: they never need one. */
  private readonly pushing = new Set<string>();
  private readonly publishing = new Set<string>();
  /** Files a document held since the watch began. */
  private readonly held = new Map<string, number>();
  /** Families (familyOf) whose server was seen publishing diagnostics for a file no document ever held. */
  private readonly projectWide = new Set<string>();
  /** When each family of files (by extension) last had a publish. */
  private readonly families = new Map<string, number>();
  /** When a tab of each file closed (ours or the person's). */
  private readonly closedAt = new Map<string, number>();
  /** When each file was last saved in the editor, and last given to its server again. */
  private readonly savedTimes = new Map<string, number>();
  private readonly givenAgainTimes = new Map<string, number>();
  private readonly disposables: vscode.Disposable[];
  /** Each workspace file's stamp (stampOf) at the last sweep: a write the file watcher has not reported yet still shows. */
  private readonly stamps = new Map<string, string>();
  private baseline: Promise<void> | undefined;
  /**
   * Saves in the editor whose write is being stamped: the text written is the document's, which its
   * server already has (the change was recorded as it was typed or applied), so the write is no
   * change of its own. Recorded when the watcher reports it, it would come after the server's answer
   * to the change, and that answer would never count (a rename's saves, with clangd).
   */
  private readonly saves = new Map<string, Promise<void>>();
  /** The last sweep's listing of the workspace's files, and when it was taken. */
  private listing: { at: number; uris: vscode.Uri[] } | undefined;

  constructor(files: vscode.FileSystemWatcher) {
    const changed = (uri: vscode.Uri): void => keepNewest(this.changes, uri.toString(), this.now(), KEPT);
    this.disposables = [
      vscode.languages.onDidChangeDiagnostics((event) => {
        for (const uri of event.uris) {
          const key = uri.toString();
          const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
          const reported = vscode.languages.getDiagnostics(uri).length > 0;
          if (this.clearedWithTab(key, document, reported)) {
            // A pull client forgot the file with its tab: what it held is gone, and no publish of it counts any more.
            this.published.delete(key);
            continue;
          }
          keepNewest(this.published, key, this.now(), KEPT);
          if (document !== undefined) {
            this.publishing.add(document.languageId);
            // A report on a document in no tab: its server pushes, whatever a slow answer once made us think.
            if (reported && inTab(key) === undefined) this.pushing.add(document.languageId);
          }
          // A report on a file no document ever held shows a server that checks the whole project (a
          // close's clear is empty, and a report can come just after its document closed: clangd's).
          else if (reported && !this.held.has(key)) this.projectWide.add(familyOf(key));
          this.families.set(familyOf(key), this.now());
          const waiting = this.waiters.get(key);
          this.waiters.delete(key);
          waiting?.forEach((wake) => wake());
        }
      }),
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        for (const tab of event.closed) if (tab.input instanceof vscode.TabInputText) keepNewest(this.closedAt, tab.input.uri.toString(), this.now(), KEPT);
        for (const tab of event.opened) if (tab.input instanceof vscode.TabInputText) this.closedAt.delete(tab.input.uri.toString());
      }),
      vscode.workspace.onDidOpenTextDocument((document) => keepNewest(this.held, document.uri.toString(), this.now(), KEPT)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0) changed(event.document.uri);
      }),
      vscode.workspace.onDidSaveTextDocument((document) => this.onSave(document.uri)),
      files.onDidChange((uri) => void this.onDisk(uri)),
      files.onDidCreate((uri) => void this.onDisk(uri)),
      // A deleted file is a change too: what imported it breaks.
      files.onDidDelete((uri) => void this.onDisk(uri)),
    ];
    for (const document of vscode.workspace.textDocuments) keepNewest(this.held, document.uri.toString(), this.now(), KEPT);
    // What the files are now, so that the first call can tell a write the watcher reports late.
    this.baseline = this.sweepFolders(true).catch(() => undefined);
  }

  /** The editor saved a document whose change is on record: its write's stamp is the document's, no new change. */
  private onSave(uri: vscode.Uri): void {
    const key = uri.toString();
    keepNewest(this.savedTimes, key, this.now(), KEPT);
    if (!this.changes.has(key)) return;
    const stamping = fileStat(uri).then((stat) => {
      if (stat !== undefined && !stat.directory) this.stamps.set(key, stampOf(stat));
      if (this.saves.get(key) === stamping) this.saves.delete(key);
    });
    this.saves.set(key, stamping);
  }

  /** A change the file watcher reports: one a sweep or a save already stamped (the same stamp) keeps its time. */
  private async onDisk(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    await this.saves.get(key);
    const stat = await fileStat(uri);
    const stamp = stat === undefined ? undefined : stampOf(stat);
    if (this.changes.has(key) && this.stamps.get(key) === stamp) return;
    if (!(await throughNoLink(uri))) return;
    if (stamp === undefined) this.stamps.delete(key);
    else this.stamps.set(key, stamp);
    keepNewest(this.changes, key, this.now(), KEPT);
  }

  async sweep(): Promise<void> {
    await this.baseline;
    await Promise.all(this.saves.values());
    await this.sweepFolders(false);
  }

  async stamp(uris: readonly string[]): Promise<void> {
    await this.baseline;
    await Promise.all(this.saves.values());
    await Promise.all(uris.map((key) => this.restamp(parseUri(key), false)));
  }

  /**
   * Stamps every workspace file; after the first sweep, a file whose stamp changed, appeared or went
   * is a change now. The first, which runs when the features start (at the first call), counts the
   * files written since the extension host started: an agent's write just before its first call,
   * which the file watcher may report too late or not at all, is a change since the editor started.
   */
  private async sweepFolders(first: boolean): Promise<void> {
    const found = await vscode.workspace.findFiles('**/*', NOT_SOURCES, SWEPT);
    this.listing = found.length < SWEPT ? { at: this.now(), uris: found } : undefined;
    const seen = new Set(found.map((uri) => uri.toString()));
    await Promise.all(found.map((uri) => this.restamp(uri, first)));
    if (first) return;
    for (const key of [...this.stamps.keys()].filter((k) => !seen.has(k))) {
      this.stamps.delete(key);
      keepNewest(this.changes, key, this.now(), KEPT);
    }
  }

  /** Stamps one file: a stamp that changed since the last (a file written, made or gone) is a change now; the first time, a write since the host started. */
  private async restamp(uri: vscode.Uri, first: boolean): Promise<void> {
    const key = uri.toString();
    const stat = await fileStat(uri);
    if (stat?.directory === true) return;
    const stamp = stat === undefined ? undefined : stampOf(stat);
    const before = this.stamps.get(key);
    if (stamp === undefined) this.stamps.delete(key);
    else this.stamps.set(key, stamp);
    const changed = first ? stat !== undefined && stat.mtime >= HOST_STARTED : before !== stamp;
    if (changed && (await throughNoLink(uri))) keepNewest(this.changes, key, this.now(), KEPT);
  }

  now(): number {
    return performance.now();
  }

  /**
   * An empty publish after the closing of a file's tab, while the file is in no tab: its client
   * forgetting it. A pull client (pyright's, TypeScript 7's) may do so more than once, the second
   * time half a second later or more (measured): for a language that needed a tab, every empty
   * publish until the file is in a tab again.
   */
  private clearedWithTab(key: string, document: vscode.TextDocument | undefined, reported: boolean): boolean {
    const closed = this.closedAt.get(key);
    if (closed === undefined || reported || inTab(key) !== undefined) return false;
    const pulled = document !== undefined && this.needsTab(document.languageId);
    if (!pulled && this.now() - closed > OWN_CLEAR_MS) {
      this.closedAt.delete(key);
      return false;
    }
    return true;
  }

  all(): Map<string, RawDiagnostic[]> {
    return new Map(vscode.languages.getDiagnostics().map(([uri, list]) => [uri.toString(), list.map(plain)]));
  }

  of(uri: string): RawDiagnostic[] {
    return vscode.languages.getDiagnostics(parseUri(uri)).map(plain);
  }

  publishedAt(uri: string): number | undefined {
    return this.published.get(uri);
  }

  changedAt(uri: string): number | undefined {
    return this.changes.get(uri);
  }

  changed(): string[] {
    return [...this.changes.keys()];
  }

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  nextPublish(uri: string, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const set = this.waiters.get(uri) ?? new Set<() => void>();
      this.waiters.set(uri, set);
      const wake = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        set.delete(wake);
        if (set.size === 0 && this.waiters.get(uri) === set) this.waiters.delete(uri);
        resolve(false);
      }, ms);
      set.add(wake);
    });
  }

  async inSync(uri: string, ms: number): Promise<{ dirty: boolean; synced: boolean; reloaded?: boolean }> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (document === undefined || document.isDirty) return { dirty: document?.isDirty ?? false, synced: true };
    const disk = await diskText(document.uri);
    if (disk === undefined || sameText(document.getText(), disk)) return { dirty: false, synced: true };
    // VS Code reloads a document that has no unsaved changes a little after its file is written.
    return new Promise((resolve) => {
      const done = (result: { dirty: boolean; synced: boolean; reloaded?: boolean }): void => {
        clearTimeout(timer);
        listener.dispose();
        resolve(result);
      };
      const listener = vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document !== document) return;
        if (document.isDirty) done({ dirty: true, synced: true, reloaded: true });
        else if (sameText(document.getText(), disk)) done({ dirty: false, synced: true, reloaded: true });
      });
      const timer = setTimeout(() => done({ dirty: document.isDirty, synced: false }), ms);
    });
  }

  publishedFor(languageId: string): boolean {
    return this.publishing.has(languageId);
  }

  publishesClosed(uri: string): boolean {
    return this.projectWide.has(familyOf(uri));
  }

  familyPublishedAt(uri: string): number | undefined {
    return this.families.get(familyOf(uri));
  }

  async reopen(uri: string): Promise<boolean> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    // Never one with unsaved changes. One an editor shows keeps its text, selection and scroll; its
    // colours redraw once (clangd re-checks an open file only when it is given again).
    if (document === undefined || document.isDirty) return false;
    // A change of language closes the document for its language's extensions and opens it again;
    // its text and saved state are untouched.
    // A server clears a closed file's diagnostics (clangd): that publish comes before the reopening,
    // so the next one is its answer for the file opened again.
    const languageId = document.languageId;
    const cleared = this.nextPublish(uri, REOPEN_CLEAR_MS);
    const other = await vscode.languages.setTextDocumentLanguage(document, languageId === 'plaintext' ? 'markdown' : 'plaintext');
    await cleared;
    await vscode.languages.setTextDocumentLanguage(other, languageId);
    keepNewest(this.givenAgainTimes, uri, this.now(), KEPT);
    return true;
  }

  givenAgainAt(uri: string): number | undefined {
    return this.givenAgainTimes.get(uri);
  }

  savedAt(uri: string): number | undefined {
    return this.savedTimes.get(uri);
  }

  needsTab(languageId: string): boolean {
    return this.tabLanguages.has(languageId) && !this.pushing.has(languageId);
  }

  holdsAnswer(uri: string, languageId: string): boolean {
    return inTab(uri) !== undefined || this.pushing.has(languageId);
  }

  async showInBackground(uri: string, languageId: string): Promise<(() => Promise<void>) | undefined> {
    if (inTab(uri) !== undefined) return undefined;
    // `background`: the tab opens without becoming the active editor, and the focus stays where it is.
    // Not a preview: a preview tab replaces the group's last one, the person's or another check's.
    await vscode.commands.executeCommand('vscode.open', parseUri(uri), { preview: false, preserveFocus: true, background: true });
    const opened = inTab(uri);
    if (opened === undefined) return undefined;
    this.tabLanguages.add(languageId);
    return async () => {
      const tab = inTab(uri);
      if (tab === undefined || tab.isDirty) return;
      keepNewest(this.closedAt, uri, this.now(), KEPT);
      await vscode.window.tabGroups.close(tab, true);
    };
  }

  async check(uri: string, languageId: string): Promise<CheckedDiagnostics | undefined> {
    const asks = profileOf(languageId).closedFile;
    if (asks.kind !== 'request') return undefined;
    const parsed = parseUri(uri);
    // The TypeScript extension passes a Uri on only for a document it has open (else the request goes
    // out with no file, and fails); a closed file on disk is named by its path, which tsserver reads.
    const open = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri);
    const file = open || parsed.scheme !== 'file' ? parsed : parsed.fsPath;
    const answers = await Promise.all(asks.requests.map((request) => vscode.commands.executeCommand(asks.command, request, { file })));
    const read = answers.map((answer) => asks.read(answer));
    if (read.some((diagnostics) => diagnostics === undefined)) return undefined;
    return { diagnostics: read.flatMap((diagnostics) => diagnostics ?? []), source: asks.source };
  }

  languageOf(uri: string): string | undefined {
    return languageOfFile(parseUri(uri));
  }

  async resolveFolder(filePath: string): Promise<string | undefined> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const trimmed = filePath.replace(/[\\/]+$/, '');
    const candidates =
      trimmed.startsWith('/') || /^[a-z]:/i.test(trimmed) ? [vscode.Uri.file(trimmed)] : folders.map((f) => vscode.Uri.joinPath(f.uri, trimmed));
    // A multi-root path may start with a folder's name.
    for (const folder of folders) {
      if (trimmed === folder.name || trimmed.startsWith(`${folder.name}/`)) candidates.push(vscode.Uri.joinPath(folder.uri, trimmed.slice(folder.name.length)));
    }
    for (const candidate of candidates) {
      const stat = await fileStat(candidate);
      if (stat?.directory === true) return candidate.toString();
    }
    return undefined;
  }

  async filesIn(folder: string, max: number): Promise<{ uris: string[]; more: boolean }> {
    // The call's sweep listed every folder a moment ago, with the same exclusions: one listing a call.
    const swept = this.listing !== undefined && this.now() - this.listing.at < LISTING_FRESH_MS ? this.listing.uris : undefined;
    const found =
      swept?.filter((u) => pathInside(folder, u.toString()) !== undefined).slice(0, max + 1) ??
      (await vscode.workspace.findFiles(new vscode.RelativePattern(parseUri(folder), '**/*'), NOT_SOURCES, max + 1));
    // A file seen through a linked folder is listed at its real path only.
    const real = await Promise.all(found.map((u) => throughNoLink(u)));
    const uris = found
      .filter((_, i) => real[i])
      .map((u) => u.toString())
      .sort();
    return { uris: uris.slice(0, max), more: uris.length > max };
  }

  async isFile(uri: string): Promise<boolean> {
    const stat = await fileStat(parseUri(uri));
    return stat !== undefined && !stat.directory;
  }

  dispose(): void {
    vscode.Disposable.from(...this.disposables).dispose();
  }
}

/**
 * Whether a file's path is its real one: a folder linked into the workspace (`linked-src -> src`)
 * shows the same file twice, and only its real path is a change (else its servers get it twice).
 */
async function throughNoLink(uri: vscode.Uri): Promise<boolean> {
  if (uri.scheme !== 'file') return true;
  const real = await realFsPath(uri.fsPath);
  return real === undefined || real === uri.fsPath;
}

/** The text tab showing `uri`, in any group. */
function inTab(uri: string): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri);
}

function plain(d: vscode.Diagnostic): RawDiagnostic {
  const raw: RawDiagnostic = {
    range: { start: { line: d.range.start.line, character: d.range.start.character }, end: { line: d.range.end.line, character: d.range.end.character } },
    severity: d.severity,
    message: d.message,
  };
  if (d.source !== undefined) raw.source = d.source;
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  if (code !== undefined) raw.code = String(code);
  return raw;
}

async function diskText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await fileBytes(uri));
  } catch {
    return undefined;
  }
}

/** The editor's text and the disk's, line ends and a byte-order mark aside. */
function sameText(editor: string, disk: string): boolean {
  const norm = (text: string): string => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return norm(editor) === norm(disk);
}
