// Shows a query's outcome to the person: its line in the editor (follow-along) and its entry in
// the card.
import * as vscode from 'vscode';
import type { QueryOutcome } from '../engine/queryEngine';
import { isQueryOutcome, type QuerySource } from '../engine/recentOutcomes';
import { symbolsTitle, type SymbolsOutcome } from '../engine/symbolsQuery';
import type { Workspace } from '../engine/ports';
import { invocationTitle } from '../engine/title';
import type { FollowAlong } from '../editor/followAlong';
import { toCardEntry, toSymbolsCardEntry } from './cardEntry';
import type { CardViewProvider } from './cardViewProvider';

export interface ShowOutcomeDeps {
  card: CardViewProvider;
  followAlong: FollowAlong;
  workspace: Workspace;
}

/** lsp_hierarchy's trees are shown by showHierarchy.ts. `caller`: the MCP client that asked, which titles the entry. */
export type ShowOutcome = (id: number, outcome: QueryOutcome | SymbolsOutcome, source: QuerySource, caller?: string) => Promise<void>;

export function showOutcome(deps: ShowOutcomeDeps): ShowOutcome {
  return async (id, outcome, source, caller) => {
    if (isQueryOutcome(outcome)) await showQuery(deps, id, outcome, source, caller);
    else showSymbols(deps, id, outcome, source, caller);
  };
}

/** The entry's title, prefixed with the agent's name when an MCP client asked. */
export function callerTitle(title: string, caller: string | undefined): string {
  return caller === undefined ? title : vscode.l10n.t('{0}: {1}', caller, title);
}

/** A symbols answer: its first symbol in the editor, the list or outline in the card. */
function showSymbols(deps: ShowOutcomeDeps, id: number, outcome: SymbolsOutcome, source: QuerySource, caller: string | undefined): void {
  const answeredAt = Date.now();
  const [first] = outcome.result.symbols;
  if (first) deps.followAlong.reveal(vscode.Uri.parse(first.uri, true), new vscode.Position(first.selectionRange.start.line, first.selectionRange.start.character));
  const title = symbolsTitle(outcome.args.mode === 'workspace' ? { query: outcome.args.query } : { query: outcome.args.mode === 'file' ? outcome.args.query : '', file_path: outcome.args.filePath });
  deps.card.show(
    toSymbolsCardEntry({ id, title: callerTitle(title, caller), source, result: outcome.result, outline: outcome.args.mode !== 'workspace', notes: outcome.notes, roots: deps.workspace.roots() }),
    answeredAt,
  );
}

async function showQuery(deps: ShowOutcomeDeps, id: number, outcome: QueryOutcome, source: QuerySource, caller: string | undefined): Promise<void> {
  {
    const answeredAt = Date.now();
    deps.followAlong.reveal(vscode.Uri.parse(outcome.uri, true), new vscode.Position(outcome.position.line, outcome.position.character));
    const { result } = outcome;
    const lines = result.kind === 'locations' ? await deps.workspace.readLines(result.locations.map((l) => l.uri), outcome.sourceLines) : new Map<string, string[]>();
    deps.card.show(
      toCardEntry({
        id,
        title: callerTitle(invocationTitle(outcome.input), caller),
        source,
        operation: outcome.operation,
        result,
        notes: outcome.notes,
        roots: deps.workspace.roots(),
        preview: (location) => lines.get(location.uri)?.[location.range.start.line],
      }),
      answeredAt,
    );
  }
}
