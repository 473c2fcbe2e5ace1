// Where the extension's API puts the lsp_diagnostics tool: read by the activation bundle, which carries
// nothing else of the tool (src/activation/registrations.ts).
export const DIAGNOSTICS_API = { name: 'lsp_diagnostics', twin: 'diagnostics', tool: 'diagnosticsTool', command: 'lspTool.queryDiagnostics' } as const;
