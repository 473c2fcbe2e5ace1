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
import { RecentHierarchies } from './engine/recentHierarchies';
import { HierarchyHandoff } from './references/hierarchyHandoff';
import { HierarchyTool } from './tools/hierarchyTool';
import * as participant from './chat/participant';
import * as palette from './commands/paletteCommands';
import { FollowAlong } from './editor/followAlong';
import { QueryEngine } from './engine/queryEngine';
import { RecentOutcomes } from './engine/recentOutcomes';
import type { LspQueryResult } from './engine/result';
import type { LspToolInput } from './engine/toolInput';
import { Command, ContextKey } from './ids';
import { VscodeLanguageFeatures } from './platform/languageFeatures';
import { lazyLogChannel } from './platform/logChannel';
import { watchReadiness } from './platform/readinessWatch';
import { watchedSettings } from './platform/settingsReader';
import { VscodeWorkspace } from './platform/vscodeWorkspace';
import { ReferencesHandoff } from './references/handoff';
import { LspTool } from './tools/lspTool';
import { WalkthroughProgress } from './walkthrough/markUsed';

export interface LspToolApi {
  /** Milliseconds spent inside activate(). */
  readonly activationMs: number;
  /** The structured twin of the tool: same input, the canonical value as output. */
  query(input: unknown, token?: vscode.CancellationToken): Promise<LspQueryResult>;
  /** The structured twin of lsp_hierarchy: same input, the canonical tree (zero-based, uncapped). */
  hierarchy(input: unknown, token?: vscode.CancellationToken): Promise<HierarchyResult>;
  /** The registered language-model tool itself, for hosts that embed it. */
  readonly tool: vscode.LanguageModelTool<LspToolInput>;
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

  // The engine over VS Code.
  const workspace = new VscodeWorkspace();
  const engineDeps = { workspace, features: new VscodeLanguageFeatures(), settings, log };
  const engine = new QueryEngine(engineDeps);
  const hierarchyEngine = new HierarchyEngine(engine, engineDeps);
  // One watcher for creations and deletions: readiness cools down on them, resolutions are forgotten.
  const files = own(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
  own(watchReadiness(engine.warm, files));
  own(workspace.resolutions.watch(files));

  // What the person sees.
  const outcomes = new RecentOutcomes();
  const walkthrough = new WalkthroughProgress();
  const { card, disposable: cardRegistration } = CardViewProvider.register({ extensionUri: context.extensionUri, outcomes });
  own(cardRegistration);
  const followAlong = own(new FollowAlong(() => settings().followAlong, log));
  const show = showOutcome({ card, followAlong, workspace });

  // The surfaces.
  const { tool, disposable: toolRegistration } = LspTool.register({
    engine,
    workspace,
    settings,
    outcomes,
    present: async (id, outcome) => {
      walkthrough.markUsed(ContextKey.toolUsed);
      await show(id, outcome, 'tool').catch((err: unknown) => log.error(String(err)));
    },
  });
  own(toolRegistration);
  own(palette.register({ engine, outcomes, show, card }));
  const hierarchies = new RecentHierarchies(outcomes);
  const presentHierarchy = showHierarchy({ card, followAlong, workspace });
  card.expandHierarchy = hierarchyExpander({ engine: hierarchyEngine, outcomes: hierarchies, workspace });
  const { tool: hierarchyTool, disposable: hierarchyToolRegistration } = HierarchyTool.register({
    engine: hierarchyEngine,
    workspace,
    settings,
    outcomes: hierarchies,
    present: async (id, outcome) => {
      walkthrough.markUsed(ContextKey.toolUsed);
      await presentHierarchy(id, outcome, 'tool').catch((err: unknown) => log.error(String(err)));
    },
  });
  own(hierarchyToolRegistration);
  own(hierarchyCommands.register({ engine: hierarchyEngine, outcomes: hierarchies, show: presentHierarchy, card }));
  own(HierarchyHandoff.register({ outcomes: hierarchies }));
  const hierarchy = async (input: unknown, token?: vscode.CancellationToken): Promise<HierarchyResult> => (await hierarchyEngine.execute(input, token)).result;
  own(vscode.commands.registerCommand(Command.queryHierarchy, (input: unknown) => hierarchy(input)));
  own(participant.register({ extensionUri: context.extensionUri, outcomes, workspace, walkthrough, hierarchies }));
  own(ReferencesHandoff.register({ engine, outcomes, workspace }));
  const query = async (input: unknown, token?: vscode.CancellationToken): Promise<LspQueryResult> => (await engine.execute(input, token)).result;
  own(vscode.commands.registerCommand(Command.query, (input: unknown) => query(input)));

  const activationMs = performance.now() - activationStarted;
  // Logged after activation, so that creating the channel is not part of it.
  setTimeout(() => log.info(`activated in ${activationMs.toFixed(1)}ms`), 0);
  return {
    activationMs,
    query,
    hierarchy,
    tool,
    hierarchyTool,
    card,
    followAlongSettled: async () => {
      await tool.settled();
      await hierarchyTool.settled();
      await followAlong.settled();
    },
    logUri: context.logUri,
  };
}

export function deactivate(): void {}
