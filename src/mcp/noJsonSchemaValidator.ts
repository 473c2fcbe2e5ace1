// Replaces the SDK's Ajv validator in dist/mcp.js (esbuild.mjs): the server validates JSON Schema
// only for elicitation answers, and it never elicits; Ajv was 130 KB of the 320 KB bundle.
export class AjvJsonSchemaValidator {
  getValidator(): never {
    throw new Error('lsp-tool: this MCP server never validates JSON Schema (it does not elicit)');
  }
}
