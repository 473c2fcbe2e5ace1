// A tool's contract as TypeScript data (pure): what package.json's languageModelTools entry says,
// and what an MCP tools/list answers. The parse errors' hint is derived from the same data.

export interface SchemaProperty {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  description: string;
  /** An array's items (only strings today). */
  items?: { type: 'string' };
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
}

export interface ToolInputSchema {
  type: 'object';
  properties: Readonly<Record<string, SchemaProperty>>;
  required: readonly string[];
}

/** What the engine reads of a tool's contract: its name and its input schema. */
export interface ToolSchema {
  name: string;
  inputSchema: ToolInputSchema;
}

/** The manifest entry of one language-model tool; `%key%` strings are resolved by package.nls*.json. */
export interface ToolManifest extends ToolSchema {
  toolReferenceName: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  tags: readonly string[];
  /** When VS Code offers the tool (a when clause); always where absent. */
  when?: string;
}

function valueOf(property: SchemaProperty): string {
  if (property.enum !== undefined) return property.enum.map((v) => JSON.stringify(v)).join('|');
  if (property.type === 'integer' && property.minimum !== undefined && property.maximum !== undefined) return `${property.minimum}-${property.maximum}`;
  if (property.type === 'array') return `${property.items?.type ?? 'unknown'}[]`;
  return property.type === 'integer' ? 'number' : property.type;
}

/** `{"operation": "a"|"b", "file_path": string, "depth"?: 1-5}`: required keys bare, optional ones with `?`. */
export function schemaSignature(schema: ToolInputSchema): string {
  const fields = Object.entries(schema.properties).map(
    ([key, property]) => `${JSON.stringify(key)}${schema.required.includes(key) ? '' : '?'}: ${valueOf(property)}`,
  );
  return `{${fields.join(', ')}}`;
}

/** `Call lsp with {…}` and the tool's own words on how to read it. */
export function schemaHint(schema: ToolSchema, howToRead: string): string {
  return `Call ${schema.name} with ${schemaSignature(schema.inputSchema)}${howToRead}`;
}
