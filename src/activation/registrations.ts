// What VS Code needs at activation, registered here with handlers that load the features on first
// use (src/activation/lazyFeatures.ts): the language-model tools (the one registerTool call site),
// every contributed command, and the @lsp participant. The card's view is registered with the card.
import * as vscode from 'vscode';
import { Command, Participant } from '../ids';
import type { LmTool } from '../lm/lmTool';
import { TOOL_APIS } from '../tools/list';
import type { LazyFeatures } from './lazyFeatures';

/** A language-model tool whose work is the features' tool of the same name. */
class LazyTool implements vscode.LanguageModelTool<unknown> {
  constructor(
    private readonly name: string,
    private readonly features: LazyFeatures,
  ) {}

  private async tool(): Promise<LmTool> {
    return (await this.features.get()).tools.get(this.name)!;
  }

  async prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>): Promise<vscode.PreparedToolInvocation> {
    return (await this.tool()).prepareInvocation(options);
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<unknown>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    return (await this.tool()).invoke(options, token);
  }
}

/** Commands that the activation bundle answers itself (the MCP endpoint: src/mcp/start.ts, src/mcp/noServer.ts). */
const OWN_COMMANDS: ReadonlySet<string> = new Set([Command.mcpEndpoint]);

export function registerLazily(
  extensionUri: vscode.Uri,
  features: LazyFeatures,
): { tools: ReadonlyMap<string, vscode.LanguageModelTool<unknown>>; disposable: vscode.Disposable } {
  const tools = new Map(TOOL_APIS.map(({ name }) => [name, new LazyTool(name, features)]));
  const registrations = [...tools].map(([name, tool]) => vscode.lm.registerTool(name, tool));
  // Every contributed command: ids.ts's, and each tool's twin command and palette commands (its api.ts).
  const toolCommands = TOOL_APIS.flatMap((api): string[] => [...(api.commands ?? []), api.command]);
  const commandIds = [...Object.values(Command), ...toolCommands].filter((id) => !OWN_COMMANDS.has(id));
  for (const id of commandIds) {
    registrations.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        const handler = (await features.get()).commands.handler(id);
        if (!handler) throw new Error(`lsp-tool: no handler for ${id}`);
        return handler(...args);
      }),
    );
  }
  const participant = vscode.chat.createChatParticipant(Participant.id, async (request, context, stream, token) =>
    (await features.get()).chat(request, context, stream, token),
  );
  participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
  registrations.push(participant);
  return { tools, disposable: vscode.Disposable.from(...registrations) };
}
