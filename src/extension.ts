// activate(): builds the engine over VS Code, then registers each feature; every disposable is
// owned by context.subscriptions.
import * as vscode from 'vscode';
import { CardViewProvider } from './card/cardViewProvider';
import { showOutcome } from './card/showOutcome';
import { hierarchyExpander, showHierarchy } from './card/showHierarchy';
import * as hierarchyCommands from './commands/hierarchyCommands';
import { HierarchyEngine } from './engine/hierarchy';
import type { HierarchyResult } from './engine/hierarchyResult';
import type { HierarchyToolInput } from './engine/hierarchyInput';
import { isHierarchyOutcome, RecentHierarchies } from './engine/recentHierarchies';
import { HierarchyHandoff } from './references/hierarchyHandoff';
import { hierarchyToolSpec } from './tools/hierarchyTool';
import * as participant from './chat/participant';
import * as palette from './commands/paletteCommands';
import * as symbolCommands from './commands/symbolCommands';
import { FollowAlong } from './editor/followAlong';
import { QueryEngine } from './engine/queryEngine';
import { SymbolsQuery } from './engine/symbolsQuery';
import { RecentOutcomes, type Outcome } from './engine/recentOutcomes';
import type { LspQueryResult, SymbolsResult } from './engine/result';
import type { SymbolsToolInput } from './engine/symbolsInput';
import type { LspToolInput } from './engine/toolInput';
import { Command, ContextKey } from './ids';
import { VscodeLanguageFeatures } from './platform/languageFeatures';
import { lazyLogChannel } from './platform/logChannel';
import { watchReadiness } from './platform/readinessWatch';
import { readerBudget, watchedInlineLimit } from './platform/readerBudget';
import { watchedSettings } from './platform/settingsReader';
import { VscodeWorkspace } from './platform/vscodeWorkspace';
import { ReferencesHandoff } from './references/handoff';
import { EngineTool } from './tools/engineTool';
import { lspToolSpec } from './tools/lspTool';
import { symbolsToolSpec } from './tools/symbolsTool';
import { WalkthroughProgress } from './walkthrough/markUsed';

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
  /** The search card (its last render metrics are read by tests and the benchmark). */
  readonly card: CardViewProvider;
  /** Resolves when what earlier queries set off (card updates, follow-along reveals) has run. */
  followAlongSettled(): Promise<void>;
  /** Where this extension's logs live (the "LSP Tool" channel writes `LSP Tool.log` here). */
  readonly logUri: vscode.Uri;
}

export function activate(context: vscode.ExtensionContext): LspToolApi {
  const activationStarted = performance.now();
  const own = <T extends vscode.Disposable>(disposable: T): T => {
    context.subscriptions.push(disposable);
    return disposable;
  };
  const { log, disposable: logChannel } = lazyLogChannel('LSP Tool');
  own(logChannel);
  const { settings, disposable: settingsWatch } = watchedSettings(log);
  own(settingsWatch);

  // The engine over VS Code: one readiness for every tool (what warmed up for one is warm for the others).
  const workspace = new VscodeWorkspace();
  const engineDeps = { workspace, features: new VscodeLanguageFeatures(), settings, log };
  const engine = new QueryEngine(engineDeps);
  const symbols = new SymbolsQuery({ ...engineDeps, warm: engine.warm });
  const hierarchyEngine = new HierarchyEngine(engine, { ...engineDeps, warm: engine.warm });
  // One watcher for creations and deletions: readiness cools down on them, resolutions are forgotten.
  const files = own(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
  own(watchReadiness(engine.warm, files));
  own(workspace.resolutions.watch(files));

  // What the person sees: one store of recent outcomes, the card, follow-along.
  const outcomes = new RecentOutcomes();
  const hierarchies = new RecentHierarchies(outcomes);
  const walkthrough = new WalkthroughProgress();
  const { card, disposable: cardRegistration } = CardViewProvider.register({ extensionUri: context.extensionUri, outcomes });
  own(cardRegistration);
  const followAlong = own(new FollowAlong(() => settings().followAlong, log));
  const show = showOutcome({ card, followAlong, workspace });
  const presentHierarchy = showHierarchy({ card, followAlong, workspace });
  card.expandHierarchy = hierarchyExpander({ engine: hierarchyEngine, outcomes: hierarchies, workspace });

  // The language-model tools.
  const { inlineLimit, disposable: inlineLimitWatch } = watchedInlineLimit();
  own(inlineLimitWatch);
  const toolDeps = {
    workspace,
    settings,
    outcomes,
    readerBudget: (options: vscode.LanguageModelToolInvocationOptions<unknown>) => readerBudget(options, inlineLimit),
    present: async (id: number, outcome: Outcome) => {
      walkthrough.markUsed(ContextKey.toolUsed);
      const shown = isHierarchyOutcome(outcome) ? presentHierarchy(id, outcome, 'tool') : show(id, outcome, 'tool');
      await shown.catch((err: unknown) => log.error(String(err)));
    },
  };
  const { tool, disposable: toolRegistration } = EngineTool.register(lspToolSpec(engine), toolDeps);
  const { tool: symbolsTool, disposable: symbolsToolRegistration } = EngineTool.register(symbolsToolSpec(symbols), toolDeps);
  const { tool: hierarchyTool, disposable: hierarchyToolRegistration } = EngineTool.register(hierarchyToolSpec(hierarchyEngine), toolDeps);
  own(toolRegistration);
  own(symbolsToolRegistration);
  own(hierarchyToolRegistration);

  // Their structured twins.
  const query = async (input: unknown, token?: vscode.CancellationToken): Promise<LspQueryResult> => (await engine.execute(input, token)).result;
  const symbolsOf = async (input: unknown, token?: vscode.CancellationToken): Promise<SymbolsResult> => (await symbols.execute(input, token)).result;
  const hierarchy = async (input: unknown, token?: vscode.CancellationToken): Promise<HierarchyResult> => (await hierarchyEngine.execute(input, token)).result;
  own(vscode.commands.registerCommand(Command.query, (input: unknown) => query(input)));
  own(vscode.commands.registerCommand(Command.querySymbols, (input: unknown) => symbolsOf(input)));
  own(vscode.commands.registerCommand(Command.queryHierarchy, (input: unknown) => hierarchy(input)));

  // The surfaces for people.
  own(palette.register({ engine, outcomes, show, card }));
  own(symbolCommands.register({ symbols, outcomes, show, card }));
  own(hierarchyCommands.register({ engine: hierarchyEngine, outcomes: hierarchies, show: presentHierarchy, card }));
  own(participant.register({ extensionUri: context.extensionUri, outcomes, workspace, walkthrough, symbols, hierarchies }));
  own(ReferencesHandoff.register({ engine, outcomes, workspace }));
  own(HierarchyHandoff.register({ outcomes: hierarchies }));

  const activationMs = performance.now() - activationStarted;
  // Logged after activation, so that creating the channel is not part of it.
  setTimeout(() => log.info(`activated in ${activationMs.toFixed(1)}ms`), 0);
  return {
    activationMs,
    query,
    symbols: symbolsOf,
    hierarchy,
    tool,
    symbolsTool,
    hierarchyTool,
    card,
    followAlongSettled: async () => {
      await Promise.all([tool.settled(), symbolsTool.settled(), hierarchyTool.settled()]);
      await followAlong.settled();
    },
    logUri: context.logUri,
  };
}

export function deactivate(): void {}
