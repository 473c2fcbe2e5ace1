// "Open in Call or Type Hierarchy View": hands a hierarchy result's first root to VS Code's own
// Call Hierarchy or Type Hierarchy view (hosted by the built-in References view extension), in the
// same direction, as the References view hand-off does for locations.
import * as vscode from 'vscode';
import type { HierarchyDirection } from '../engine/ports';
import type { RecentHierarchies } from '../tools/lsp_hierarchy/recent';
import { Command, REFERENCES_VIEW_EXTENSION_ID } from '../ids';
import type { RegisterCommand } from '../platform/commandTable';

export interface HierarchyHandoffDeps {
  outcomes: RecentHierarchies;
}

/** The built-in view's commands: set the direction, then (calls) show the hierarchy at the editor's cursor. */
const VIEW_COMMAND: Record<HierarchyDirection, string> = {
  incomingCalls: 'references-view.showIncomingCalls',
  outgoingCalls: 'references-view.showOutgoingCalls',
  supertypes: 'references-view.showSupertypes',
  subtypes: 'references-view.showSubtypes',
};

export interface HandedHierarchy {
  view: 'callHierarchy' | 'typeHierarchy';
  direction: HierarchyDirection;
  uri: string;
  /** One-based, as shown. */
  line: number;
  character: number;
}

export class HierarchyHandoff {
  constructor(private readonly deps: HierarchyHandoffDeps) {}

  /** Opens the hierarchy recorded as `id` (default: the newest) in the built-in view. */
  async open(id?: number): Promise<HandedHierarchy | undefined> {
    const recorded = id === undefined ? this.deps.outcomes.latest : this.deps.outcomes.get(id);
    const outcome = recorded?.outcome;
    const root = outcome?.result.roots[0];
    if (!outcome || !root) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The LSP card shows no hierarchy to open. Run Show Callers, Show Callees, Show Supertypes or Show Subtypes first.'),
      );
      return undefined;
    }
    if (outcome.fallback) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'No type hierarchy provider is installed for this language, so the built-in Type Hierarchy view would stay empty. The card lists the subtypes the implementation provider found.',
        ),
      );
      return undefined;
    }
    const extension = vscode.extensions.getExtension(REFERENCES_VIEW_EXTENSION_ID);
    if (!extension) {
      void vscode.window.showWarningMessage(vscode.l10n.t('The built-in References view ({0}) is disabled or missing.', REFERENCES_VIEW_EXTENSION_ID));
      return undefined;
    }
    await extension.activate();
    const { direction } = outcome;
    const uri = vscode.Uri.parse(root.item.uri, true);
    const at = new vscode.Position(root.item.selectionRange.start.line, root.item.selectionRange.start.character);
    const handed: HandedHierarchy = { view: 'callHierarchy', direction, uri: root.item.uri, line: at.line + 1, character: at.character + 1 };
    if (direction === 'supertypes' || direction === 'subtypes') {
      // The type view takes the item's location directly.
      await vscode.commands.executeCommand(VIEW_COMMAND[direction], new vscode.Location(uri, at));
      return { ...handed, view: 'typeHierarchy' };
    }
    // The call view starts at the active editor's cursor, in the direction last chosen.
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(at, at), preserveFocus: false });
    await vscode.commands.executeCommand(VIEW_COMMAND[direction]);
    await vscode.commands.executeCommand('references-view.showCallHierarchy');
    return handed;
  }

  static register(deps: HierarchyHandoffDeps, command: RegisterCommand): vscode.Disposable {
    const handoff = new HierarchyHandoff(deps);
    return command(Command.openInHierarchyView, (id?: unknown) => handoff.open(typeof id === 'number' ? id : undefined));
  }
}
