// The engine's LanguageFeatures over VS Code: the only caller of the provider commands.
import * as vscode from 'vscode';
import { DOCUMENT_SYMBOLS_COMMAND, HIERARCHY_COMMAND, PREPARE_HIERARCHY_COMMAND, PROVIDER_COMMAND, WORKSPACE_SYMBOLS_COMMAND } from '../engine/operations';
import type { HierarchyDirection, HierarchyKind, LanguageFeatures } from '../engine/ports';
import type { LspOperation, LspPosition } from '../engine/result';
import { parseUri } from '../workspace/parsedUri';
import { seesLanguageExtensions, servesLanguage } from './languageWake';
import { semanticTokensAround } from './semanticTokens';

function toPosition(position: LspPosition): vscode.Position {
  return new vscode.Position(position.line, position.character);
}

export class VscodeLanguageFeatures implements LanguageFeatures {
  async atPosition(operation: LspOperation, uri: string, position: LspPosition): Promise<unknown> {
    return vscode.commands.executeCommand<unknown>(PROVIDER_COMMAND[operation], parseUri(uri), toPosition(position));
  }

  async workspaceSymbols(query: string): Promise<unknown> {
    return vscode.commands.executeCommand<unknown>(WORKSPACE_SYMBOLS_COMMAND, query);
  }

  async documentSymbols(uri: string): Promise<unknown> {
    return vscode.commands.executeCommand<unknown>(DOCUMENT_SYMBOLS_COMMAND, parseUri(uri));
  }

  async prepareHierarchy(kind: HierarchyKind, uri: string, position: LspPosition): Promise<unknown> {
    return vscode.commands.executeCommand<unknown>(PREPARE_HIERARCHY_COMMAND[kind], parseUri(uri), toPosition(position));
  }

  async hierarchyRelated(direction: HierarchyDirection, item: unknown): Promise<unknown> {
    return vscode.commands.executeCommand<unknown>(HIERARCHY_COMMAND[direction], item);
  }

  servesLanguage(languageId: string): boolean {
    return servesLanguage(languageId);
  }

  semanticTokens(uri: string, line: number): Promise<{ legend: unknown; tokens: unknown } | undefined> {
    return semanticTokensAround(uri, line);
  }

  /** Whether any installed extension says it activates for this language (a provider can only come from one). */
  hasProviderSource(languageId: string): boolean {
    if (languageId === 'plaintext') return false;
    // Unknowable from here: say nothing rather than claim that no provider exists.
    if (!seesLanguageExtensions()) return true;
    return vscode.extensions.all.some((extension) => {
      const pkg = extension.packageJSON as { activationEvents?: unknown };
      const events = Array.isArray(pkg.activationEvents) ? (pkg.activationEvents as unknown[]) : [];
      return events.some((e) => e === `onLanguage:${languageId}` || e === '*' || e === 'onStartupFinished');
    });
  }
}
