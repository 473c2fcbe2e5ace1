// What a call asked, as data for the title a person reads (the card, the References view, Undo's
// message). The surfaces put it in words in the display language (card/heading.ts); the model never
// reads it: its text and the chat's invocation message keep the call's raw title (outcome.ts).
import type { HierarchyDirection } from '../text/coordinates';
import type { LspOperation } from './result';

/** What a position names: the identifier there, when there is one, and where it is (`src/a.ts:3:17`, one-based). */
export interface Subject {
  name?: string;
  at: string;
}

export type Heading =
  | { kind: 'position'; question: LspOperation | HierarchyDirection; subject: Subject; depth?: number }
  | { kind: 'symbols'; query: string; file?: string }
  | { kind: 'outline'; file: string }
  | { kind: 'problems'; paths: readonly string[]; severity: 'error' | 'warning' | 'all' }
  | { kind: 'rename'; subject: Subject; newName: string };

/** The subject at `position` (zero-based) of a file shown as `path`: named by `name` when the position is on one. */
export function subjectAt(path: string, position: { line: number; character: number }, name: string | undefined): Subject {
  const at = `${path}:${position.line + 1}:${position.character + 1}`;
  return name === undefined || name === '' ? { at } : { name, at };
}
