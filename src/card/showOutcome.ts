// Shows a query's outcome to the person: its line in the editor (follow-along) and its entry in
// the card.
import * as vscode from 'vscode';
import type { QueryOutcome } from '../engine/queryEngine';
import type { QuerySource } from '../engine/recentOutcomes';
import type { Workspace } from '../engine/ports';
import { invocationTitle } from '../engine/title';
import type { FollowAlong } from '../editor/followAlong';
import { toCardEntry } from './cardEntry';
import type { CardViewProvider } from './cardViewProvider';

export interface ShowOutcomeDeps {
  card: CardViewProvider;
  followAlong: FollowAlong;
  workspace: Workspace;
}

export type ShowOutcome = (id: number, outcome: QueryOutcome, source: QuerySource) => Promise<void>;

export function showOutcome(deps: ShowOutcomeDeps): ShowOutcome {
  return async (id, outcome, source) => {
    const answeredAt = Date.now();
    deps.followAlong.reveal(vscode.Uri.parse(outcome.uri, true), new vscode.Position(outcome.position.line, outcome.position.character));
    const { result } = outcome;
    const lines = result.kind === 'locations' ? await deps.workspace.readLines(result.locations.map((l) => l.uri), outcome.sourceLines) : new Map<string, string[]>();
    deps.card.show(
      toCardEntry({
        id,
        title: invocationTitle(outcome.input),
        source,
        operation: outcome.operation,
        result,
        notes: outcome.notes,
        roots: deps.workspace.roots(),
        preview: (location) => lines.get(location.uri)?.[location.range.start.line],
      }),
      answeredAt,
    );
  };
}
