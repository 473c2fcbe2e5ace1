// "Open in References View": hands the card's current result to the built-in References view
// through its extension API, with the locations we already have (no second query).
import * as vscode from 'vscode';
import type { CardView } from '../card/cardView';
import { HISTORY_LIMIT } from '../card/protocol';
import { Command, REFERENCES_VIEW_EXTENSION_ID } from '../ids';
import type { LspLocation, LspOperation } from '../seam/types';
import { invocationTitle } from '../tool/lspTool';
import type { QueryOutcome, QueryPipeline } from '../tool/pipeline';
import { groupByFile } from './groups';
import type { SymbolTree } from './symbolTree';
import { LocationsTreeInput } from './treeInput';

interface Remembered {
  title: string;
  operation: LspOperation;
  anchor: vscode.Location;
  locations: readonly LspLocation[];
}

export interface HandoffDeps {
  card: CardView;
  pipeline: QueryPipeline;
  log: vscode.LogOutputChannel;
}

export class ReferencesHandoff {
  /** Location results by card entry id, most recent last, as many as the card's history holds. */
  private readonly results = new Map<number, Remembered>();

  constructor(private readonly deps: HandoffDeps) {}

  remember(id: number, outcome: QueryOutcome): void {
    const { result } = outcome;
    if (result.kind !== 'locations' || result.locations.length === 0) return;
    const anchor = new vscode.Location(outcome.uri, new vscode.Position(outcome.position.line, outcome.position.character));
    this.results.set(id, { title: invocationTitle(outcome.input), operation: outcome.operation, anchor, locations: result.locations });
    for (const oldest of this.results.keys()) {
      if (this.results.size <= HISTORY_LIMIT) break;
      this.results.delete(oldest);
    }
  }

  /** Opens the entry `id` (default: the one the card shows) in the References view; resolves to what it handed over. */
  async open(id = this.deps.card.currentId): Promise<{ files: number; locations: number } | undefined> {
    const remembered = id === undefined ? undefined : this.results.get(id);
    if (!remembered) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The LSP card shows no locations to open in the References view. Run a definition, references or implementation query first.'),
      );
      return undefined;
    }
    const extension = vscode.extensions.getExtension<SymbolTree>(REFERENCES_VIEW_EXTENSION_ID);
    if (!extension) {
      void vscode.window.showWarningMessage(vscode.l10n.t('The built-in References view ({0}) is disabled or missing.', REFERENCES_VIEW_EXTENSION_ID));
      return undefined;
    }
    const api = await extension.activate();
    const anchor = await this.validAnchor(remembered);
    const { locations, operation } = remembered;
    // The hand-off shows what the card shows; when the view resolves this input again (its
    // Refresh, or its history), that is a request for fresh results.
    let handedOver = false;
    const load = async (): Promise<readonly LspLocation[]> => {
      if (handedOver) return this.query(operation, anchor);
      handedOver = true;
      return locations;
    };
    api.setInput(new LocationsTreeInput(remembered.title, anchor, load, (location) => this.reanchored(operation, location)));
    return { files: groupByFile(locations).length, locations: locations.length };
  }

  register(): vscode.Disposable {
    return vscode.commands.registerCommand(Command.openInReferencesView, (id?: unknown) => this.open(typeof id === 'number' ? id : undefined));
  }

  /** The view drops inputs anchored where there is no word; the queried position usually has one, else the first result does. */
  private async validAnchor(remembered: Remembered): Promise<vscode.Location> {
    try {
      const document = await vscode.workspace.openTextDocument(remembered.anchor.uri);
      const at = remembered.anchor.range.start;
      if (document.getWordRangeAtPosition(at) ?? document.getWordRangeAtPosition(at, /[^\s]+/)) return remembered.anchor;
    } catch {
      // Fall back to the first result below.
    }
    const [first] = remembered.locations;
    return new vscode.Location(vscode.Uri.parse(first!.uri, true), new vscode.Position(first!.range.start.line, first!.range.start.character));
  }

  /** The view's history re-runs an input at a moved anchor: that one is a fresh query. */
  private reanchored(operation: LspOperation, location: vscode.Location): LocationsTreeInput {
    const { line, character } = location.range.start;
    const filePath = vscode.workspace.asRelativePath(location.uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
    const title = invocationTitle({ operation, file_path: filePath, line: line + 1, character: character + 1 });
    return new LocationsTreeInput(title, location, () => this.query(operation, location), (next) => this.reanchored(operation, next));
  }

  /** A fresh query for the view (logged by the pipeline; a failure leaves the view empty). */
  private async query(operation: LspOperation, location: vscode.Location): Promise<readonly LspLocation[]> {
    const { line, character } = location.range.start;
    try {
      const { result } = await this.deps.pipeline.execute({ operation, file_path: location.uri.toString(), line: line + 1, character: character + 1 });
      return result.kind === 'locations' ? result.locations : [];
    } catch {
      return [];
    }
  }
}
