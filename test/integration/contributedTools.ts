// What package.json contributes as language-model tools, as an agent's tests compare it with what
// the agent was offered (Copilot's request, Claude Code's loaded tool).
import * as vscode from 'vscode';
import { EXTENSION_ID } from './helpers';

export interface ContributedTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
}

/** Every tool package.json contributes, as written there (a %key% resolved from package.nls.json). */
export async function contributedTools(): Promise<ContributedTool[]> {
  const root = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
  const read = async (name: string): Promise<Record<string, unknown>> =>
    JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, name)))) as Record<string, unknown>;
  const manifest = (await read('package.json')) as { contributes: { languageModelTools: ContributedTool[] } };
  const nls = await read('package.nls.json');
  const resolve = (text: string): string => (/^%.+%$/.test(text) ? String(nls[text.slice(1, -1)]) : text);
  return manifest.contributes.languageModelTools.map((t) => ({ name: t.name, modelDescription: resolve(t.modelDescription), inputSchema: t.inputSchema }));
}
