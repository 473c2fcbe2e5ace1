// Where the extension's API puts the lsp_symbols tool: read by the activation bundle, which carries nothing
// else of the tool (src/activation/registrations.ts).
export const SYMBOLS_API = { name: 'lsp_symbols', twin: 'symbols', tool: 'symbolsTool', command: 'lspTool.querySymbols' } as const;
