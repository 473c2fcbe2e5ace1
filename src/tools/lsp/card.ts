// Builds the card's view of an `lsp` result (pure): the hover, or the locations grouped by file with
// one-based positions and previews (locationGroups.ts, which @lsp shares).
import type { CardBody, CardGroup } from '../../card/webview/protocol';
import type { CardContext } from '../definition';
import type { QueryOutcome } from './engine';
import { groupLocations } from './locationGroups';

/** The card's body for an `lsp` outcome: the previews already read for the text, the rest read now. */
export async function lspCardBody(outcome: QueryOutcome, context: CardContext): Promise<CardBody> {
  const { result, operation } = outcome;
  if (result.kind === 'hover') return { operation, result: { kind: 'hover', markdown: result.hover?.contents ?? null } };
  const lines = await context.readLines(
    result.locations.map((l) => l.uri),
    outcome.sourceLines,
  );
  const groups: CardGroup[] = groupLocations(
    result.locations,
    result.resolvedWorkspaceUri,
    context.roots,
    (location) => lines.get(location.uri)?.[location.range.start.line],
  );
  return { operation, result: { kind: 'locations', total: result.locations.length, files: groups.length, groups } };
}
