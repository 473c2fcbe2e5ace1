// The Note lines every tool adds after its answer: what the model should know to call again well.
import type { LspPosition } from '../text/coordinates';
import type { Completeness } from './result';

export function malformedNote(count: number): string | undefined {
  if (count === 0) return undefined;
  return `${count} malformed provider entr${count === 1 ? 'y was' : 'ies were'} dropped.`;
}

export function completenessNote(completeness: Completeness, languageId: string): string | undefined {
  if (completeness === 'partial') {
    return 'the language server was still loading when the time budget ran out; these results may be partial. Call again for the complete answer.';
  }
  if (completeness === 'noProvider') {
    return `no language provider answered for language id "${languageId}". Install an extension with language features for it, or use text search.`;
  }
  return undefined;
}

/** An empty answer while the language's server has not been seen answering anything (engine/baseQuery.ts untilServerUp). */
export function silentServerNote(languageId: string, waitedMs: number): string {
  return `nothing for language id "${languageId}" has answered in this window yet (waited ${(waitedMs / 1000).toFixed(0)} s): its language server may still be starting, so this empty answer may not be final. Call again in a few seconds.`;
}

export function snapNote(symbol: string, asked: LspPosition, snapped: LspPosition | undefined): string | undefined {
  if (snapped === undefined) return `symbol "${symbol}" was not found within 5 lines of line ${asked.line + 1}; queried the given position.`;
  if (snapped.line === asked.line && snapped.character === asked.character) return undefined;
  return `moved to "${symbol}" at ${snapped.line + 1}:${snapped.character + 1} (asked for ${asked.line + 1}:${asked.character + 1}).`;
}
