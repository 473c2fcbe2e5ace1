// A References view input over locations we already have: resolve() never asks a provider again.
// Files keep the order they first appear in; rows show their source line with the span highlighted.
import * as vscode from 'vscode';
import type { Workspace } from '../engine/ports';
import type { LspLocation } from '../engine/result';
import { groupByFile } from '../text/groupByFile';
import { previewLabel } from '../text/previewLabel';
import { summarize } from '../text/summary';
import { summaryTemplates } from '../card/cardStrings';
import type { SymbolTreeInput, SymbolTreeModel } from './symbolTree';

export const CONTEXT_VALUE = 'lspTool.locations';

class FileItem {
  readonly refs: RefItem[] = [];
  constructor(readonly uri: vscode.Uri) {}
}

class RefItem {
  constructor(
    readonly location: vscode.Location,
    readonly file: FileItem,
  ) {}
}

type Item = FileItem | RefItem;

function toRange(l: LspLocation): vscode.Range {
  return new vscode.Range(l.range.start.line, l.range.start.character, l.range.end.line, l.range.end.character);
}

type ReadLines = Workspace['readLines'];

class LocationsModel implements vscode.TreeDataProvider<Item> {
  readonly files: FileItem[];
  private readonly refs: RefItem[];
  private readonly lines = new Map<string, Promise<string[] | undefined>>();

  constructor(
    locations: readonly LspLocation[],
    private readonly readLines: ReadLines,
  ) {
    this.files = groupByFile(locations).map((group) => {
      const file = new FileItem(vscode.Uri.parse(group.key, true));
      for (const l of group.items) file.refs.push(new RefItem(new vscode.Location(file.uri, toRange(l)), file));
      return file;
    });
    this.refs = this.files.flatMap((f) => f.refs);
  }

  get message(): string {
    return summarize(summaryTemplates(), this.refs.length, this.files.length);
  }

  private linesOf(uri: vscode.Uri): Promise<string[] | undefined> {
    const key = uri.toString();
    let lines = this.lines.get(key);
    if (!lines) {
      lines = this.readLines([key]).then((m) => m.get(key));
      this.lines.set(key, lines);
    }
    return lines;
  }

  async getTreeItem(item: Item): Promise<vscode.TreeItem> {
    if (item instanceof FileItem) {
      const tree = new vscode.TreeItem(item.uri, vscode.TreeItemCollapsibleState.Expanded);
      tree.description = true;
      tree.iconPath = vscode.ThemeIcon.File;
      // Our own values: the view's menus for 'file-item' and 'reference-item' act only on its own classes.
      tree.contextValue = 'lspTool.file';
      return tree;
    }
    const { range, uri } = item.location;
    const line = (await this.linesOf(uri))?.[range.start.line];
    const end = range.end.line === range.start.line ? range.end.character : Number.MAX_SAFE_INTEGER;
    const { label, highlight } =
      line === undefined
        ? { label: `${range.start.line + 1}:${range.start.character + 1}`, highlight: [0, 0] as [number, number] }
        : previewLabel(line, range.start.character, end);
    const tree = new vscode.TreeItem({ label, highlights: highlight[1] > highlight[0] ? [highlight] : [] }, vscode.TreeItemCollapsibleState.None);
    tree.description = `${range.start.line + 1}:${range.start.character + 1}`;
    tree.contextValue = 'lspTool.location';
    tree.command = {
      command: 'vscode.open',
      title: vscode.l10n.t('Open Location'),
      arguments: [uri, { selection: new vscode.Range(range.start, range.start) } satisfies vscode.TextDocumentShowOptions],
    };
    return tree;
  }

  getChildren(item?: Item): Item[] {
    if (!item) return this.files;
    return item instanceof FileItem ? item.refs : [];
  }

  getParent(item: Item): Item | undefined {
    return item instanceof RefItem ? item.file : undefined;
  }

  // Navigation (F4 / Shift+F4 in the References view) walks the rows in the tree's order.
  location(item: Item): vscode.Location | undefined {
    return item instanceof RefItem ? item.location : item.refs[0]?.location;
  }

  nearest(uri: vscode.Uri, position: vscode.Position): Item | undefined {
    const file = this.files.find((f) => f.uri.toString() === uri.toString());
    if (!file) return this.refs[0];
    return file.refs.find((r) => r.location.range.contains(position)) ?? file.refs.find((r) => r.location.range.end.isAfter(position)) ?? file.refs.at(-1);
  }

  next(item: Item): Item {
    return this.step(item, 1);
  }

  previous(item: Item): Item {
    return this.step(item, -1);
  }

  private step(item: Item, delta: 1 | -1): Item {
    const n = this.refs.length;
    if (item instanceof FileItem) {
      // From a file row: forward is its first location, back is the location before it.
      const first = item.refs[0] ? this.refs.indexOf(item.refs[0]) : 0;
      return this.refs[delta === 1 ? first : (first - 1 + n) % n] ?? item;
    }
    return this.refs[(this.refs.indexOf(item) + delta + n) % n] ?? item;
  }

  getEditorHighlights(_item: Item, uri: vscode.Uri): vscode.Range[] | undefined {
    return this.files.find((f) => f.uri.toString() === uri.toString())?.refs.map((r) => r.location.range);
  }
}

export class LocationsTreeInput implements SymbolTreeInput<Item> {
  readonly contextValue = CONTEXT_VALUE;

  /**
   * @param load the locations: the ones already shown, for the hand-off; a fresh query for an
   * input the view's history re-anchors.
   * @param reanchor makes the input for another anchor (the view's "refresh" after edits).
   */
  constructor(
    readonly title: string,
    readonly location: vscode.Location,
    private readonly load: () => Promise<readonly LspLocation[]>,
    private readonly reanchor: (location: vscode.Location) => LocationsTreeInput,
    private readonly readLines: ReadLines,
  ) {}

  async resolve(): Promise<SymbolTreeModel<Item> | undefined> {
    const locations = await this.load();
    if (locations.length === 0) return undefined;
    const model = new LocationsModel(locations, this.readLines);
    return {
      provider: model,
      get message() {
        return model.message;
      },
      navigation: model,
      highlights: model,
    };
  }

  with(location: vscode.Location): LocationsTreeInput {
    return this.reanchor(location);
  }
}
