// "Open in References View": hands the card's current result to the built-in References view
// through its extension API, with the locations we already have (no second query).
import * as vscode from 'vscode';
import type { Workspace } from '../engine/ports';
import type { RecentOutcomes } from '../engine/recentOutcomes';
import type { LspLocation, LspOperation } from '../engine/result';
import { isQueryOutcome, type LspEngine } from '../tools/lsp/engine';
import { headingText } from '../card/heading';
import { subjectAt } from '../engine/heading';
import { withoutCodeMarks } from '../text/codeSpans';
import { groupByFile } from '../text/groupByFile';
import { Command, REFERENCES_VIEW_EXTENSION_ID } from '../ids';
import type { SymbolTree } from './symbolTree';
import { LocationsTreeInput } from './treeInput';
import type { RegisterCommand } from '../platform/commandTable';

interface Handed {
  title: string;
  operation: LspOperation;
  anchor: vscode.Location;
  locations: readonly LspLocation[];
}

export interface HandoffDeps {
  engine: LspEngine;
  outcomes: RecentOutcomes;
  workspace: Workspace;
}

export class ReferencesHandoff {
  constructor(private readonly deps: HandoffDeps) {}

  /** The location result recorded as `id` (default: the one the card shows), if it has locations. */
  private handed(id: number | undefined): Handed | undefined {
    const recorded = id === undefined ? this.deps.outcomes.current : this.deps.outcomes.get(id);
    const outcome = recorded?.outcome;
    if (!isQueryOutcome(outcome) || outcome.result.kind !== 'locations' || outcome.result.locations.length === 0) return undefined;
    const anchor = new vscode.Location(vscode.Uri.parse(outcome.uri, true), new vscode.Position(outcome.position.line, outcome.position.character));
    // The view's title bar shows plain text: the card's title without its code marks.
    const title = withoutCodeMarks(headingText(outcome.heading, vscode));
    return { title, operation: outcome.operation, anchor, locations: outcome.result.locations };
  }

  /** Opens the entry `id` (default: the one the card shows) in the References view; resolves to what it handed over. */
  async open(id?: number): Promise<{ files: number; locations: number } | undefined> {
    const handed = this.handed(id);
    if (!handed) {
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
    const anchor = await this.validAnchor(handed);
    const { locations, operation } = handed;
    // The hand-off shows what the card shows; when the view resolves this input again (its
    // Refresh, or its history), that is a request for fresh results.
    let handedOver = false;
    const load = async (): Promise<readonly LspLocation[]> => {
      if (handedOver) return this.query(operation, anchor);
      handedOver = true;
      return locations;
    };
    api.setInput(new LocationsTreeInput(handed.title, anchor, load, (location) => this.reanchored(operation, location), this.readLines));
    return { files: groupByFile(locations).length, locations: locations.length };
  }

  static register(deps: HandoffDeps, command: RegisterCommand): vscode.Disposable {
    const handoff = new ReferencesHandoff(deps);
    return command(Command.openInReferencesView, (id?: unknown) => handoff.open(typeof id === 'number' ? id : undefined));
  }

  private readonly readLines: Workspace['readLines'] = (uris, known) => this.deps.workspace.readLines(uris, known);

  /** The view drops inputs anchored where there is no word; the queried position usually has one, else the first result does. */
  private async validAnchor(handed: Handed): Promise<vscode.Location> {
    try {
      const document = await vscode.workspace.openTextDocument(handed.anchor.uri);
      const at = handed.anchor.range.start;
      if (document.getWordRangeAtPosition(at) ?? document.getWordRangeAtPosition(at, /[^\s]+/)) return handed.anchor;
    } catch {
      // Fall back to the first result below.
    }
    const [first] = handed.locations;
    return new vscode.Location(vscode.Uri.parse(first!.uri, true), new vscode.Position(first!.range.start.line, first!.range.start.character));
  }

  /** The view's history re-runs an input at a moved anchor: that one is a fresh query. */
  private reanchored(operation: LspOperation, location: vscode.Location): LocationsTreeInput {
    const { line, character } = location.range.start;
    const filePath = vscode.workspace.asRelativePath(location.uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
    // A position the view moved to: named by where it is (reading its word would make `with` wait on the file).
    const heading = { kind: 'position' as const, question: operation, subject: subjectAt(filePath, { line, character }, undefined) };
    const title = withoutCodeMarks(headingText(heading, vscode));
    return new LocationsTreeInput(
      title,
      location,
      () => this.query(operation, location),
      (next) => this.reanchored(operation, next),
      this.readLines,
    );
  }

  /** A fresh query for the view (logged by the engine; a failure leaves the view empty). */
  private async query(operation: LspOperation, location: vscode.Location): Promise<readonly LspLocation[]> {
    const { line, character } = location.range.start;
    try {
      const { result } = await this.deps.engine.execute({ operation, file_path: location.uri.toString(), line: line + 1, character: character + 1 });
      return result.kind === 'locations' ? result.locations : [];
    } catch {
      return [];
    }
  }
}
