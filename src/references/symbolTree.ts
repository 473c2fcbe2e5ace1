// The shape of the built-in References view's extension API (its `activate()` returns a SymbolTree).
// Declared here from its documented contract: setInput(input) with an input that resolves to a model.
import type * as vscode from 'vscode';

export interface SymbolTree {
  setInput(input: SymbolTreeInput<unknown>): void;
  /** Not in every version's typings; present in the versions we test. */
  getInput?(): SymbolTreeInput<unknown> | undefined;
}

export interface SymbolTreeInput<T> {
  /** Value of the `reference-list.source` context key. */
  readonly contextValue: string;
  readonly title: string;
  /** Where the input is anchored; the view ignores inputs whose anchor has no word. */
  readonly location: vscode.Location;
  resolve(): vscode.ProviderResult<SymbolTreeModel<T>>;
  /** A copy anchored elsewhere (the view's history re-runs inputs through this). */
  with(location: vscode.Location): SymbolTreeInput<T>;
}

export interface SymbolTreeModel<T> {
  provider: vscode.TreeDataProvider<T>;
  message: string | undefined;
  navigation?: SymbolItemNavigation<T>;
  highlights?: SymbolItemEditorHighlights<T>;
  dispose?(): void;
}

export interface SymbolItemNavigation<T> {
  nearest(uri: vscode.Uri, position: vscode.Position): T | undefined;
  next(from: T): T;
  previous(from: T): T;
  location(item: T): vscode.Location | undefined;
}

export interface SymbolItemEditorHighlights<T> {
  getEditorHighlights(item: T, uri: vscode.Uri): vscode.Range[] | undefined;
}
