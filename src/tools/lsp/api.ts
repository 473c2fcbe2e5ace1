// Where the extension's API puts the lsp tool: read by the activation bundle, which carries nothing
// else of the tool (src/activation/registrations.ts).
export const LSP_API = { name: 'lsp', twin: 'query', tool: 'tool', command: 'lspTool.query' } as const;
