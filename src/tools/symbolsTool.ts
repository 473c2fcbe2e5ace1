// The language-model tool `lsp_symbols`: a name to positions the `lsp` tool can use, or a file's outline.
import type { SymbolsToolInput } from '../engine/symbolsInput';
import { symbolsTitle, type SymbolsOutcome, type SymbolsQuery } from '../engine/symbolsQuery';
import { SYMBOLS_TOOL_NAME } from '../ids';
import type { ToolSpec } from './engineTool';

export function symbolsToolSpec(symbols: SymbolsQuery): ToolSpec<SymbolsToolInput, SymbolsOutcome> {
  return {
    name: SYMBOLS_TOOL_NAME,
    title: symbolsTitle,
    filePath: (input) => input?.file_path,
    execute: (input, token, fit) => symbols.execute(input, token, fit),
  };
}
