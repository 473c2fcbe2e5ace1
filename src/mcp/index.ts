// The entry of dist/mcp.js: the MCP server and the SDK, loaded on first use so that activation
// (dist/extension.js) never pays for them.
export { startMcpServer, MCP_PATH } from './server';
export type { McpServerOptions, RunningMcpServer } from './server';
// The tools' listing, from what package.json contributes (test/unit/manifest.test.ts: the tools' manifests).
export { toolListing } from './listing';
