// "LSP: Connect an Agent…": pick a terminal agent, get its one-time setup (in its own config
// format, naming the window's environment variables, and the tools from the one list of tools) as a
// read-only Markdown document shown rendered, its first snippet on the clipboard if the person wants it.
import * as vscode from 'vscode';
import { Command } from '../ids';
import { AGENT_IDS, type AgentId, agentSetup, type SetupStrings, setupMarkdown } from '../text/agentSetup';
import type { RegisterCommand } from '../platform/commandTable';

/** `lsp`, `lsp_symbols` and `lsp_hierarchy`, in the display language's way of listing. */
function listed(names: readonly string[]): string {
  return new Intl.ListFormat(vscode.env.language, { type: 'conjunction' }).format(names.map((name) => `\`${name}\``));
}

function strings(toolNames: readonly string[]): SetupStrings {
  return {
    heading: (agent) => vscode.l10n.t('Connect {0} to VS Code', agent),
    intro: (urlVariable, tokenVariable) =>
      vscode.l10n.t(
        'Each VS Code window serves the LSP tools to agents on its own address, with its own token, and sets both in its integrated terminals: `{0}` and `{1}`. The setup below refers to these variables, so it is done once and works in every window; it never stores the token.',
        urlVariable,
        tokenVariable,
      ),
    run: vscode.l10n.t('Run once:'),
    addToFile: (file) => vscode.l10n.t('Add to `{0}`:', file),
    orAddToFile: (file) => vscode.l10n.t('Or, for one project only, add to `{0}`:', file),
    merge: vscode.l10n.t('(If the file already has `mcpServers`, add the entry to it.)'),
    then: (agent) =>
      vscode.l10n.t('Then start {0} in an integrated terminal of VS Code: it finds the tools {1} of the window it runs in.', agent, listed(toolNames)),
    docs: (url) => vscode.l10n.t("The format is from the agent's documentation: {0}", url),
  };
}

/** The document's text for one agent, with a warning first when this window serves no tools. */
export function setupDocument(id: AgentId, listening: boolean, toolNames: readonly string[]): string {
  const text = setupMarkdown(agentSetup(id), strings(toolNames));
  if (listening) return text;
  const warning = vscode.l10n.t(
    '> **This window does not serve the tools to agents now**: the server is off in settings, the workspace is in Restricted Mode, or this extension runs in a web worker, which cannot listen.',
  );
  return text.replace('\n\n', `\n\n${warning}\n\n`);
}

const SCHEME = 'lsp-tool-setup';

/**
 * The setup documents: read-only (nothing to save on close), each opening its own URI, because an
 * untitled document closed and opened again in a row can come back with the earlier one's text
 * (seen on VS Code 1.100 and 1.117).
 */
class SetupDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private opened = 0;
  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '';
  }
  /** A new URI for `name`, whose content is `text`. */
  uriFor(name: string, text: string): vscode.Uri {
    const path = `/${name}.md`;
    this.texts.set(path, text);
    return vscode.Uri.from({ scheme: SCHEME, path, query: String(++this.opened) });
  }
}

/** Whether this window's MCP server listens: not when off in settings, in Restricted Mode, or in a web worker. */
async function serverListening(): Promise<boolean> {
  return (await vscode.commands.executeCommand<unknown>(Command.mcpEndpoint)) !== undefined;
}

/** `agent`: given by a script or test; otherwise picked. Resolves to the opened document. */
async function connectAgent(documents: SetupDocuments, toolNames: readonly string[], agent?: unknown): Promise<vscode.TextDocument | undefined> {
  let id = AGENT_IDS.find((known) => known === agent);
  if (id === undefined) {
    const items = AGENT_IDS.map((known) => {
      const setup = agentSetup(known);
      return {
        label: setup.name,
        detail: setup.steps
          .filter((s) => !s.alternative)
          .map((s) => s.file ?? s.code.split(' ').slice(0, 3).join(' '))
          .join(', '),
        id: known,
      };
    });
    const picked = await vscode.window.showQuickPick(items, {
      title: vscode.l10n.t('LSP: Connect an Agent'),
      placeHolder: vscode.l10n.t('Which agent do you start in the terminal?'),
      // Run from a walkthrough's button, which takes the focus back: the pick stays until answered.
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    id = picked.id;
  }
  const name = vscode.l10n.t('{0} setup', agentSetup(id).name);
  const document = await vscode.workspace.openTextDocument(documents.uriFor(name, setupDocument(id, await serverListening(), toolNames)));
  // Rendered, as a person reads it; where this editor has no Markdown preview, the text.
  const rendered = await vscode.commands.executeCommand('markdown.showPreview', document.uri).then(
    () => true,
    () => false,
  );
  if (!rendered) await vscode.window.showTextDocument(document, { preview: false });
  const first = agentSetup(id).steps[0]!;
  const copy = vscode.l10n.t('Copy');
  // Not awaited: the command is done when the setup is shown.
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Copy the first step of the {0} setup to the clipboard?', agentSetup(id).name), copy)
    .then(async (answer) => {
      if (answer === copy) await vscode.env.clipboard.writeText(first.code);
    });
  return document;
}

/** `toolNames`: every tool an agent finds, from the one list of tools. */
export function register(command: RegisterCommand, toolNames: readonly string[]): vscode.Disposable {
  const documents = new SetupDocuments();
  return vscode.Disposable.from(
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    command(Command.connectAgent, (agent?: unknown) => connectAgent(documents, toolNames, agent)),
  );
}
