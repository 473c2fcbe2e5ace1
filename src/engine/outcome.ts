// What every tool's outcome shares, whatever it found: the store, the log, the card and what the
// person sees read these fields only; the rest of an outcome is the tool's own.
import type { Heading } from './heading';
import type { Completeness, LspPosition } from './result';

/** Where the editor goes to follow a call: the queried position, or the first thing found. */
export interface Anchor {
  uri: string;
  /** Zero-based. */
  position: LspPosition;
}

export interface OutcomeHeader {
  /** The tool that answered, by name (`lsp`, `lsp_symbols`, …). */
  tool: string;
  /** The call as the caller wrote it: `LSP findReferences src/a.ts:3:17` (the chat's invocation message says the same). */
  title: string;
  /** What the call asked, for the title a person reads ("References to total": card/heading.ts words it). */
  heading: Heading;
  /** What the model reads. */
  text: string;
  notes: string[];
  completeness: Completeness;
  anchor?: Anchor;
}
