// Builds the card's view of an `lsp` result (pure): grouped rows with one-based positions and previews.
import type { QuerySource } from '../../engine/recentOutcomes';
import type { LspLocation, LspOperation, LspQueryResult } from '../../engine/result';
import { displayPaths, type WorkspaceRoot } from '../../text/displayPath';
import { groupByFile } from '../../text/groupByFile';
import { previewText } from '../../text/render';
import type { CardBody, CardEntry, CardGroup } from '../../card/webview/protocol';
import type { CardContext } from '../definition';
import type { QueryOutcome } from './engine';

type QueryOutcomeOperation = LspOperation;

export interface EntryInput {
  id: number;
  title: string;
  source: QuerySource;
  operation: QueryOutcomeOperation;
  result: LspQueryResult;
  notes: string[];
  roots: readonly WorkspaceRoot[];
  preview?: (location: LspLocation) => string | undefined;
}

export function toCardEntry(input: EntryInput): CardEntry {
  const { result } = input;
  return { id: input.id, title: input.title, source: input.source, completeness: result.completeness, notes: input.notes, ...locationsBody(input) };
}

function locationsBody(input: Omit<EntryInput, 'id' | 'title' | 'source' | 'notes'>): CardBody {
  const { result, operation } = input;
  if (result.kind === 'hover') return { operation, result: { kind: 'hover', markdown: result.hover?.contents ?? null } };
  const pathFor = displayPaths(result.resolvedWorkspaceUri, input.roots);
  // Files with the same display path (the same file under two URIs) share a group, as in the tool's text.
  const groups: CardGroup[] = groupByFile(result.locations, (l) => pathFor(l.uri)).map(({ key, items }) => {
    const uri = items[0]!.uri;
    return {
      path: key,
      uri,
      count: items.length,
      rows: items.map((location) => {
        const source = input.preview?.(location);
        return {
          ...(location.uri === uri ? {} : { uri: location.uri }),
          line: location.range.start.line + 1,
          character: location.range.start.character + 1,
          ...(source === undefined ? {} : { preview: previewText(source) }),
        };
      }),
    };
  });
  return { operation, result: { kind: 'locations', total: result.locations.length, files: groups.length, groups } };
}

/** The card's body for an `lsp` outcome: the previews already read for the text, the rest read now. */
export async function lspCardBody(outcome: QueryOutcome, context: CardContext): Promise<CardBody> {
  const { result } = outcome;
  const lines =
    result.kind === 'locations'
      ? await context.readLines(
          result.locations.map((l) => l.uri),
          outcome.sourceLines,
        )
      : new Map<string, string[]>();
  return locationsBody({
    operation: outcome.operation,
    result,
    roots: context.roots,
    preview: (location) => lines.get(location.uri)?.[location.range.start.line],
  });
}
