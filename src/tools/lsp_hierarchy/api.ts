// Where the extension's API puts the lsp_hierarchy tool: read by the activation bundle, which carries nothing
// else of the tool (src/activation/registrations.ts).
export const HIERARCHY_API = { name: 'lsp_hierarchy', twin: 'hierarchy', tool: 'hierarchyTool', command: 'lspTool.queryHierarchy' } as const;
