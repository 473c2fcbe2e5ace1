// What the disk shows of the language servers' background indexes (the engine's
// Workspace.indexProgress): for each compile_commands.json of the workspace, how many of its
// translation units clangd has written a shard for (its profile's backgroundIndex,
// engine/languages/clangd.ts). Another server of
// the language, or clangd with background indexing off, leaves no shards: the project's index is
// then unseen, which the engine says only on a cold answer.
import * as vscode from 'vscode';
import type { IndexProgress } from '../engine/ports';
import { CLANGD } from '../engine/languages';
import { fileName } from '../engine/languages/clangd';
import { servesLanguage } from './languageWake';

/** How the index of the family whose servers read compile_commands.json is read. */
const INDEX = CLANGD.backgroundIndex;
/** Databases looked at at most, as the wake does (platform/languageWake.ts). */
const MAX_DATABASES = 10;
/** A larger database (a browser's) is not read: its project's index is unseen. */
const MAX_DATABASE_BYTES = 20_000_000;
/** Units without a shard checked for existence at most per look: more are a growing index anyway. */
const MAX_EXISTENCE_CHECKS = 20;
/** How long the list of databases is kept: a search looks several times while it settles. */
const DATABASES_KEPT_MS = 30_000;

export class BackgroundIndexes {
  private databases: { at: number; folders: string; found: Promise<vscode.Uri[]> } | undefined;
  private readonly units = new Map<string, { mtime: number; size: number; units: string[] }>();

  async progress(): Promise<IndexProgress[]> {
    if (!CLANGD.languageIds.some((id) => servesLanguage(id))) return [];
    const databases = await this.findDatabases();
    const progress = await Promise.all(databases.map((database) => this.progressOf(database).then(undefined, () => undefined)));
    return progress.filter((p): p is IndexProgress => p !== undefined);
  }

  private findDatabases(): Promise<vscode.Uri[]> {
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString()).join('\n');
    const kept = this.databases;
    if (kept !== undefined && kept.folders === folders && Date.now() - kept.at < DATABASES_KEPT_MS) return kept.found;
    const found = Promise.resolve(vscode.workspace.findFiles(INDEX.databases, '**/{node_modules,.git}/**', MAX_DATABASES)).then(
      undefined,
      (): vscode.Uri[] => [],
    );
    this.databases = { at: Date.now(), folders, found };
    return found;
  }

  private async unitsOf(database: vscode.Uri): Promise<string[]> {
    const stat = await vscode.workspace.fs.stat(database);
    if (stat.size > MAX_DATABASE_BYTES) return [];
    const key = database.toString();
    const kept = this.units.get(key);
    if (kept !== undefined && kept.mtime === stat.mtime && kept.size === stat.size) return kept.units;
    const units = INDEX.translationUnits(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(database))));
    this.units.set(key, { mtime: stat.mtime, size: stat.size, units });
    return units;
  }

  private async progressOf(database: vscode.Uri): Promise<IndexProgress | undefined> {
    const units = await this.unitsOf(database);
    if (units.length === 0) return undefined;
    const project = database.toString();
    const folder = vscode.Uri.joinPath(database, '..');
    const names: string[] = [];
    let seen = false;
    for (const relative of INDEX.indexFolders(fileName(folder.path))) {
      const entries = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(folder, relative)).then(undefined, () => undefined);
      if (entries === undefined) continue;
      seen = true;
      for (const [name, type] of entries) if (type === vscode.FileType.File) names.push(name);
    }
    if (!seen) return { project, total: units.length };
    let missing = INDEX.unitsWithoutEntry(units, new Set(names));
    let total = units.length;
    // A listed file that does not exist never gets a shard: it is not part of what the index can reach.
    if (missing.length > 0 && missing.length <= MAX_EXISTENCE_CHECKS) {
      const exists = await Promise.all(
        missing.map((unit) =>
          vscode.workspace.fs.stat(uriOf(unit, database)).then(
            () => true,
            () => false,
          ),
        ),
      );
      total -= exists.filter((e) => !e).length;
      missing = missing.filter((_, i) => exists[i]);
    }
    return { project, total, indexed: total - missing.length };
  }
}

/** A unit's path on the database's file system (a remote window's web worker sees it under its own scheme). */
function uriOf(path: string, database: vscode.Uri): vscode.Uri {
  return database.scheme === 'file' ? vscode.Uri.file(path) : database.with({ path: path.replace(/\\/g, '/') });
}
