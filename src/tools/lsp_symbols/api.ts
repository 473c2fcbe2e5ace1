// Where the extension's API puts the lsp_symbols tool, and whether it writes: read by the activation
// bundle, which carries nothing else of the tool (src/tools/list.ts).
import type { SymbolsResult } from '../../engine/result';
import { toolApi } from '../definition';
import type { SymbolsToolInput } from './input';

export const SYMBOLS_API = toolApi<SymbolsResult, SymbolsToolInput>()({
  name: 'lsp_symbols',
  twin: 'symbols',
  tool: 'symbolsTool',
  command: 'lspTool.querySymbols',
  writes: false,
});
