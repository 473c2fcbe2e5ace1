// Parses an @lsp prompt (pure): `path:line:character`, a symbol name, or nothing (the cursor).
import type { LspOperation } from '../engine/result';

export type ParsedPrompt =
  | { kind: 'position'; filePath: string; line: number; character: number }
  | { kind: 'symbol'; name: string }
  | { kind: 'cursor' }
  | { kind: 'unknown'; text: string };

const POSITION = /^(.+?):(\d+)(?::(\d+))?$/;
const SYMBOL = /^[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*(?:\.[\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*)*$/u;

export function parsePrompt(prompt: string): ParsedPrompt {
  const text = prompt.trim().replace(/^`(.*)`$/, '$1');
  if (text === '') return { kind: 'cursor' };
  const position = POSITION.exec(text);
  if (position) {
    return { kind: 'position', filePath: position[1]!, line: Number(position[2]), character: position[3] === undefined ? 1 : Number(position[3]) };
  }
  if (SYMBOL.test(text)) return { kind: 'symbol', name: text.split('.').pop()! };
  return { kind: 'unknown', text };
}

export const SLASH_OPERATIONS: Record<string, LspOperation> = {
  definition: 'goToDefinition',
  references: 'findReferences',
  implementation: 'goToImplementation',
  hover: 'hover',
};

export function operationFor(command: string | undefined): LspOperation {
  return (command && SLASH_OPERATIONS[command]) || 'goToDefinition';
}
