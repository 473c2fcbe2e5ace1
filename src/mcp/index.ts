// The entry of dist/mcp.js: the MCP server and the SDK, loaded on first use so that activation
// (dist/extension.js) never pays for them.
export { startMcpServer, MCP_PATH } from './server';
export type { McpServerOptions, RunningMcpServer } from './server';
// The tools' listing (their descriptions) lives in this bundle, not in the activation one.
export { toolListing } from '../tools/manifests';
