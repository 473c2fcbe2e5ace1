// Every id the extension contributes but each tool's own (its name, its twin command and its palette
// commands in its api.ts, its @lsp slash command in its definition, in its folder under src/tools/);
// a unit test checks package.json against this file and the tools' folders.
export const EXTENSION_ID = 'lsp-tool.lsp-tool';
export const CONFIG_SECTION = 'lspTool';

export const Setting = {
  maxLocations: 'maxLocations',
  maxResultChars: 'maxResultChars',
  timeoutMs: 'timeoutMs',
  followAlong: 'followAlong',
  linePreview: 'linePreview',
  outsideWorkspace: 'outsideWorkspace',
} as const;

export const Command = {
  findSymbol: 'lspTool.findSymbol',
  showOutline: 'lspTool.showOutline',
  goToDefinition: 'lspTool.goToDefinition',
  findReferences: 'lspTool.findReferences',
  goToImplementation: 'lspTool.goToImplementation',
  hover: 'lspTool.hover',
  showCard: 'lspTool.showCard',
  openInReferencesView: 'lspTool.openInReferencesView',
  showCallers: 'lspTool.showCallers',
  showCallees: 'lspTool.showCallees',
  showSupertypes: 'lspTool.showSupertypes',
  showSubtypes: 'lspTool.showSubtypes',
  openInHierarchyView: 'lspTool.openInHierarchyView',
  /** Puts back what a tool that writes changed (its definition's `undo`): the newest such call, or the one with the id given. */
  undo: 'lspTool.undo',
  connectAgent: 'lspTool.connectAgent',
  mcpEndpoint: 'lspTool.mcpEndpoint',
} as const;

/** The MCP server: its on/off setting (under CONFIG_SECTION) and what integrated terminals get. */
export const Mcp = {
  enabledSetting: 'mcp.enabled',
  /** Also offer the server to VS Code's own MCP registry (off: agent mode would list each tool twice). */
  offerToVsCodeSetting: 'mcp.offerToVsCode',
  urlVariable: 'LSP_TOOL_MCP_URL',
  tokenVariable: 'LSP_TOOL_MCP_TOKEN',
} as const;

/** Context keys: the walkthrough's completion events watch the first two; the tools that write are offered while the last is true. */
export const ContextKey = {
  toolUsed: 'lspTool.toolUsed',
  participantUsed: 'lspTool.participantUsed',
  writingAllowed: 'lspTool.writingAllowed',
} as const;

/** The when clause of every tool that writes (platform/writingContext.ts keeps its key). */
export const WRITING_TOOL_WHEN = ContextKey.writingAllowed;

/** The built-in References view ("vscode" is its publisher in VS Code's own extensions). */
export const REFERENCES_VIEW_EXTENSION_ID = 'vscode.references-view';

export const View = {
  container: 'lspTool',
  card: 'lspTool.card',
} as const;

export const Participant = {
  id: 'lspTool.participant',
  name: 'lsp',
  commands: ['definition', 'references', 'implementation', 'hover', 'symbols', 'outline', 'callers', 'callees', 'supertypes', 'subtypes'],
} as const;
