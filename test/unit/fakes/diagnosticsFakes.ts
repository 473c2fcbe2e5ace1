// A fake of the DiagnosticsPort, for lsp_diagnostics in plain Node.
/* eslint-disable @typescript-eslint/require-await -- fakes of async ports */
import type { CheckedDiagnostics, DiagnosticsPort, RawDiagnostic } from '../../../src/engine/ports';
import { ROOT } from './engineFakes';

/** A port whose clock ticks on every look, and whose publishes are scheduled per URI: the next nextPublish applies one. */
export class FakeDiagnostics implements DiagnosticsPort {
  clock = 1000;
  readonly held = new Map<string, RawDiagnostic[]>();
  readonly published = new Map<string, number>();
  readonly changes = new Map<string, number>();
  /** What the server will publish next for a URI, in order; `tab`: only once the file is in a tab; `afterMs`: that long after it is waited for (the clock moves on). */
  readonly scheduled = new Map<string, { diagnostics: RawDiagnostic[]; tab?: boolean; afterMs?: number }[]>();
  readonly direct = new Map<string, CheckedDiagnostics>();
  /** Files asked directly (check), in order. */
  readonly checkedDirectly: string[] = [];
  readonly tabs = new Set<string>();
  readonly closed: string[] = [];
  readonly files = new Set<string>();
  /** Files open with unsaved changes. */
  readonly dirty = new Set<string>();
  publishing = new Set(['python']);
  pullLanguages = new Set<string>();

  now(): number {
    return ++this.clock;
  }
  all(): Map<string, RawDiagnostic[]> {
    return new Map(this.held);
  }
  of(uri: string): RawDiagnostic[] {
    return this.held.get(uri) ?? [];
  }
  publishedAt(uri: string): number | undefined {
    return this.published.get(uri);
  }
  familyPublishedAt(): number | undefined {
    const stamps = [...this.published.values()];
    return stamps.length === 0 ? undefined : Math.max(...stamps);
  }
  readonly reopened: string[] = [];
  /** What the server publishes for a file given to it again (reopen); without an entry, reopen does nothing. */
  readonly onReopen = new Map<string, RawDiagnostic[]>();
  async reopen(uri: string): Promise<boolean> {
    this.reopened.push(uri);
    const next = this.onReopen.get(uri);
    if (next === undefined) return false;
    this.scheduled.set(uri, [{ diagnostics: next }]);
    this.given.set(uri, this.now());
    return true;
  }
  readonly given = new Map<string, number>();
  givenAgainAt(uri: string): number | undefined {
    return this.given.get(uri);
  }
  readonly saves = new Map<string, number>();
  savedAt(uri: string): number | undefined {
    return this.saves.get(uri);
  }
  save(uri: string): void {
    this.saves.set(uri, this.now());
  }
  changedAt(uri: string): number | undefined {
    return this.changes.get(uri);
  }
  changed(): string[] {
    return [...this.changes.keys()];
  }
  /** How many sweeps and folder listings were asked for. */
  sweeps = 0;
  listings = 0;
  async sweep(): Promise<void> {
    this.sweeps++;
  }
  /** The files each `stamp` looked at. */
  readonly stamped: string[][] = [];
  async stamp(uris: readonly string[]): Promise<void> {
    this.stamped.push([...uris]);
  }
  async wait(ms: number): Promise<void> {
    this.clock += ms;
  }
  change(uri: string): void {
    this.changes.set(uri, this.now());
  }
  publish(uri: string, diagnostics: RawDiagnostic[]): void {
    this.held.set(uri, diagnostics);
    this.published.set(uri, this.now());
  }
  async nextPublish(uri: string, ms: number): Promise<boolean> {
    const next = this.scheduled.get(uri)?.[0];
    if (next === undefined || (next.tab === true && !this.tabs.has(uri))) return false;
    if ((next.afterMs ?? 0) > ms) {
      this.clock += ms;
      next.afterMs! -= ms;
      return false;
    }
    this.clock += next.afterMs ?? 0;
    this.scheduled.get(uri)!.shift();
    this.publish(uri, next.diagnostics);
    return true;
  }
  async inSync(uri: string): Promise<{ dirty: boolean; synced: boolean }> {
    return { dirty: this.dirty.has(uri), synced: true };
  }
  publishedFor(languageId: string): boolean {
    return this.publishing.has(languageId);
  }
  /** Families (by their first file) whose server publishes for closed files. */
  projectWide = false;
  publishesClosed(): boolean {
    return this.projectWide;
  }
  needsTab(languageId: string): boolean {
    return this.pullLanguages.has(languageId);
  }
  /** Languages whose server holds nothing for a document in no tab (a pull client not yet seen pushing). */
  readonly tabless = new Set<string>();
  holdsAnswer(uri: string, languageId: string): boolean {
    return this.tabs.has(uri) || !this.tabless.has(languageId);
  }
  async showInBackground(uri: string, languageId: string): Promise<(() => Promise<void>) | undefined> {
    if (this.tabs.has(uri)) return undefined;
    this.tabs.add(uri);
    this.pullLanguages.add(languageId);
    return async () => {
      this.tabs.delete(uri);
      this.closed.push(uri);
    };
  }
  async check(uri: string): Promise<CheckedDiagnostics | undefined> {
    this.checkedDirectly.push(uri);
    return this.direct.get(uri);
  }
  languageOf(uri: string): string | undefined {
    return uri.endsWith('.ts') ? 'typescript' : uri.endsWith('.json') ? 'json' : undefined;
  }
  async resolveFolder(filePath: string): Promise<string | undefined> {
    return filePath === 'pkg' ? `${ROOT}/pkg` : undefined;
  }
  async filesIn(folder: string): Promise<{ uris: string[]; more: boolean }> {
    this.listings++;
    return { uris: [...this.files].filter((uri) => uri.startsWith(`${folder}/`)), more: false };
  }
  async isFile(uri: string): Promise<boolean> {
    return this.files.has(uri);
  }
}
