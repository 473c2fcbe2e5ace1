// Shows any tool's outcome to the person: its anchor in the editor (follow-along) and its entry in
// the card, the header's fields with the tool's own body.
import * as vscode from 'vscode';
import type { CardViewProvider } from './cardViewProvider';
import type { FollowAlong } from '../editor/followAlong';
import type { OutcomeHeader } from '../engine/outcome';
import type { Workspace } from '../engine/ports';
import type { QuerySource } from '../engine/recentOutcomes';
import type { AnyToolDefinition } from '../tools/definition';
import { headingText } from './heading';

export interface PresentDeps {
  card: CardViewProvider;
  followAlong: FollowAlong;
  workspace: Workspace;
  tools: readonly AnyToolDefinition[];
}

export type Present = (id: number, outcome: OutcomeHeader, source: QuerySource, label?: string) => Promise<void>;

export function presenter(deps: PresentDeps): Present {
  const byName = new Map(deps.tools.map((tool) => [tool.schema.name, tool]));
  const { workspace } = deps;
  const readLines: Workspace['readLines'] = (uris, known) => workspace.readLines(uris, known);
  return async (id, outcome, source, label) => {
    const definition = byName.get(outcome.tool);
    if (!definition) return;
    const answeredAt = Date.now();
    const { anchor } = outcome;
    if (anchor) deps.followAlong.reveal(vscode.Uri.parse(anchor.uri, true), new vscode.Position(anchor.position.line, anchor.position.character));
    const body = await definition.cardBody(outcome, { roots: workspace.roots(), readLines });
    // The agent's name first (an MCP client), so the person sees who asked.
    const heading = headingText(outcome.heading, vscode);
    const title = label === undefined ? heading : vscode.l10n.t('{0}: {1}', label, heading);
    const undoable = definition.undo === undefined ? {} : { undoable: true };
    deps.card.show({ id, title, call: outcome.title, source, completeness: outcome.completeness, notes: outcome.notes, ...body, ...undoable }, answeredAt);
  };
}
