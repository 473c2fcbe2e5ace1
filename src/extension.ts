// activate(): builds the engine over VS Code, then registers each feature; every disposable is
// owned by context.subscriptions. This one bundle serves both extension hosts: the web worker
// calls activate() (no disk, no MCP server), the Node host's entry (src/node/main.ts) calls
// activateWith() and injects what only Node has.
import * as vscode from 'vscode';
import { CardViewProvider } from './card/cardViewProvider';
import * as participant from './chat/participant';
import * as connectAgent from './commands/connectAgent';
import * as hierarchyCommands from './commands/hierarchyCommands';
import * as palette from './commands/paletteCommands';
import * as symbolCommands from './commands/symbolCommands';
import { FollowAlong } from './editor/followAlong';
import type { HierarchyResult } from './engine/hierarchyResult';
import { ImplementationEvidence } from './engine/providerEvidence';
import { WarmKeys } from './engine/readiness';
import { RecentOutcomes } from './engine/recentOutcomes';
import type { LspQueryResult, SymbolsResult } from './engine/result';
import { ContextKey } from './ids';
import { VscodeLanguageFeatures } from './platform/languageFeatures';
import { lazyLogChannel } from './platform/logChannel';
import { watchReadiness } from './platform/readinessWatch';
import { readerBudget, watchedInlineLimit } from './platform/readerBudget';
import { watchedSettings } from './platform/settingsReader';
import { VscodeWorkspace } from './platform/vscodeWorkspace';
import { HierarchyHandoff } from './references/hierarchyHandoff';
import { ReferencesHandoff } from './references/handoff';
import { CallPath } from './tools/callPath';
import { confirmationText } from './tools/confirmationText';
import { TOOLS } from './tools';
import { lspTool } from './tools/lsp';
import type { LspToolInput } from './tools/lsp/input';
import { hierarchyTool } from './tools/lsp_hierarchy';
import { hierarchyExpander } from './tools/lsp_hierarchy/expand';
import type { HierarchyToolInput } from './tools/lsp_hierarchy/input';
import { RecentHierarchies } from './tools/lsp_hierarchy/recent';
import { symbolsTool } from './tools/lsp_symbols';
import type { SymbolsToolInput } from './tools/lsp_symbols/input';
import { registerLmTools } from './tools/lmTool';
import { presenter } from './tools/present';
import { WalkthroughProgress } from './walkthrough/markUsed';
import { registerNoMcp } from './mcp/noServer';
import type { registerMcp } from './mcp/start';
import { mcpCalls } from './mcp/toolHost';
import { useDisk, type NodeDisk } from './workspace/disk';

export interface LspToolApi {
  /** Milliseconds spent inside activate(). */
  readonly activationMs: number;
  /** The structured twin of the tool: same input, the canonical value as output. */
  query(input: unknown, token?: vscode.CancellationToken): Promise<LspQueryResult>;
  /** The structured twin of lsp_symbols: `{query?, file_path?}` in, the symbols zero-based and uncapped out. */
  symbols(input: unknown, token?: vscode.CancellationToken): Promise<SymbolsResult>;
  /** The registered language-model tool itself, for hosts that embed it. */
  readonly tool: vscode.LanguageModelTool<LspToolInput>;
  /** The registered lsp_symbols tool. */
  readonly symbolsTool: vscode.LanguageModelTool<SymbolsToolInput>;
  /** The structured twin of lsp_hierarchy: same input, the canonical tree (zero-based, uncapped). */
  hierarchy(input: unknown, token?: vscode.CancellationToken): Promise<HierarchyResult>;
  /** The registered lsp_hierarchy tool itself. */
  readonly hierarchyTool: vscode.LanguageModelTool<HierarchyToolInput>;
  /** Any tool by name through the one call path, as a transport calls it (MCP's adapter, scripts). */
  readonly callTool: CallPath['callTool'];
  /** The search card (its last render metrics are read by tests and the benchmark). */
  readonly card: CardViewProvider;
  /** Resolves when what earlier queries set off (card updates, follow-along reveals) has run. */
  followAlongSettled(): Promise<void>;
  /** Where this extension's logs live (the "LSP Tool" channel writes `LSP Tool.log` here). */
  readonly logUri: vscode.Uri;
}

/** What the Node extension host adds (src/node/main.ts); each one missing means the web worker's behaviour. */
export interface HostPlatform {
  /** Direct disk access and symlink resolution for `file:` URIs. */
  disk?: NodeDisk;
  /** The MCP server's registration (src/mcp/start.ts). */
  registerMcp?: typeof registerMcp;
}

/** The web-worker host's entry: no disk, no MCP server. */
export function activate(context: vscode.ExtensionContext): LspToolApi {
  return activateWith(context, {});
}

export function activateWith(context: vscode.ExtensionContext, platform: HostPlatform): LspToolApi {
  const activationStarted = performance.now();
  useDisk(platform.disk);
  const own = <T extends vscode.Disposable>(disposable: T): T => {
    context.subscriptions.push(disposable);
    return disposable;
  };
  const { log, disposable: logChannel } = lazyLogChannel('LSP Tool');
  own(logChannel);
  const { settings, disposable: settingsWatch } = watchedSettings(log);
  own(settingsWatch);

  // The engines over VS Code: one readiness for every tool (what warmed up for one is warm for the others).
  const workspace = new VscodeWorkspace();
  const warm = new WarmKeys();
  const engineDeps = { workspace, features: new VscodeLanguageFeatures(), settings, log, warm, evidence: new ImplementationEvidence() };
  // One watcher for creations and deletions: readiness cools down on them, resolutions are forgotten.
  const files = own(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
  own(watchReadiness(warm, files));
  own(workspace.resolutions.watch(files));

  // What the person sees: one store of recent outcomes, the card, follow-along.
  const outcomes = new RecentOutcomes();
  const hierarchies = new RecentHierarchies(outcomes);
  const walkthrough = new WalkthroughProgress();
  const { card, disposable: cardRegistration } = CardViewProvider.register({ extensionUri: context.extensionUri, outcomes });
  own(cardRegistration);
  const followAlong = own(new FollowAlong(() => settings().followAlong, log));
  const show = presenter({ card, followAlong, workspace, tools: TOOLS });

  // The one call path every transport takes, and the language-model tools over it.
  const calls = new CallPath(TOOLS, {
    engine: engineDeps,
    outcomes,
    confirmation: confirmationText,
    present: async ({ id, outcome, source, label }) => {
      walkthrough.markUsed(ContextKey.toolUsed);
      await show(id, outcome, source, label).catch((err: unknown) => log.error(String(err)));
    },
  });
  const { inlineLimit, disposable: inlineLimitWatch } = watchedInlineLimit();
  own(inlineLimitWatch);
  const { tools: lmTools, disposable: lmRegistration } = registerLmTools(calls, (options) => readerBudget(options, inlineLimit));
  own(lmRegistration);

  // Their structured twins (the value, not the text), as API fields and commands.
  const twins: Record<string, (input: unknown, token?: vscode.CancellationToken) => Promise<unknown>> = {};
  const toolsByField: Record<string, vscode.LanguageModelTool<unknown>> = {};
  for (const definition of TOOLS) {
    const twin = async (input: unknown, token?: vscode.CancellationToken): Promise<unknown> =>
      definition.structured(await calls.execute(definition, input, token));
    twins[definition.api.twin] = twin;
    toolsByField[definition.api.tool] = lmTools.get(definition.schema.name)!;
    own(vscode.commands.registerCommand(definition.api.command, (input: unknown) => twin(input)));
  }

  // The same tools over MCP, for agents outside VS Code's tool API (not in the web-worker host).
  own((platform.registerMcp ?? registerNoMcp)(context, { call: mcpCalls(calls), log, timeoutMs: () => settings().timeoutMs }));

  // The surfaces for people.
  const engine = calls.engineOf(lspTool);
  const hierarchyEngine = calls.engineOf(hierarchyTool);
  const symbols = calls.engineOf(symbolsTool);
  card.expandHierarchy = hierarchyExpander({ engine: hierarchyEngine, outcomes: hierarchies, workspace });
  own(palette.register({ engine, outcomes, show, card }));
  own(symbolCommands.register({ symbols, outcomes, show, card }));
  own(hierarchyCommands.register({ engine: hierarchyEngine, outcomes: hierarchies, show, card }));
  own(participant.register({ extensionUri: context.extensionUri, outcomes, workspace, walkthrough, symbols, hierarchies }));
  own(ReferencesHandoff.register({ engine, outcomes, workspace }));
  own(HierarchyHandoff.register({ outcomes: hierarchies }));
  own(connectAgent.register());

  const activationMs = performance.now() - activationStarted;
  // Logged after activation, so that creating the channel is not part of it.
  setTimeout(() => log.info(`activated in ${activationMs.toFixed(1)}ms`), 0);
  const api = {
    ...twins,
    ...toolsByField,
    activationMs,
    callTool: calls.callTool,
    card,
    followAlongSettled: async () => {
      await calls.settled();
      await followAlong.settled();
    },
    logUri: context.logUri,
  };
  // The twins and tools are keyed by each definition's api names, which the interface spells out.
  return api as unknown as LspToolApi;
}

export function deactivate(): void {}
