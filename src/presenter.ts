// Shows every query's outcome to the person: the card, and follow-along in the editor.
import * as vscode from 'vscode';
import type { CardView } from './card/cardView';
import { toCardEntry } from './card/model';
import type { QuerySource } from './card/protocol';
import type { FollowAlong } from './editor/followAlong';
import type { ReferencesHandoff } from './references/handoff';
import { invocationTitle } from './tool/lspTool';
import type { QueryOutcome } from './tool/pipeline';
import { readLines } from './workspace/lines';
import { workspaceRoots } from './workspace/roots';

export class Presenter {
  private nextId = 1;

  constructor(
    private readonly card: CardView,
    private readonly followAlong: FollowAlong,
    private readonly handoff: ReferencesHandoff,
  ) {}

  async present(outcome: QueryOutcome, source: QuerySource): Promise<void> {
    const answeredAt = Date.now();
    this.followAlong.reveal(outcome.uri, new vscode.Position(outcome.position.line, outcome.position.character));
    const { result } = outcome;
    const lines = result.kind === 'locations' ? await readLines(result.locations.map((l) => l.uri), outcome.sourceLines) : new Map<string, string[]>();
    const id = this.nextId++;
    this.handoff.remember(id, outcome);
    this.card.show(
      toCardEntry({
        id,
        title: invocationTitle(outcome.input),
        source,
        operation: outcome.operation,
        result,
        notes: outcome.notes,
        roots: workspaceRoots(),
        preview: (location) => lines.get(location.uri)?.[location.range.start.line],
      }),
      answeredAt,
    );
  }
}
