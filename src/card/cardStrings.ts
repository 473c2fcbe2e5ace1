// The card's localised strings: built here, in the extension, because the webview cannot call vscode.l10n.
import * as vscode from 'vscode';
import type { SummaryTemplates } from '../text/summary';
import type { CardStrings } from './webview/protocol';

/** "N results in M files", localised: the card and the References view hand-off count alike. */
export function summaryTemplates(): SummaryTemplates {
  return {
    one: vscode.l10n.t('1 result in 1 file'),
    oneFile: vscode.l10n.t('{0} results in 1 file'),
    many: vscode.l10n.t('{0} results in {1} files'),
  };
}

export function cardStrings(): CardStrings {
  return {
    back: vscode.l10n.t('Back (Alt+Left)'),
    forward: vscode.l10n.t('Forward (Alt+Right)'),
    openInReferences: vscode.l10n.t('Open in References View'),
    undo: vscode.l10n.t('Undo: put every changed file back'),
    empty: vscode.l10n.t('Ask a question with the LSP commands, @lsp in chat, or let an agent call #lsp.'),
    summary: summaryTemplates(),
    noResults: vscode.l10n.t('No results.'),
    noHover: vscode.l10n.t('No hover information.'),
    partial: vscode.l10n.t('Partial: the language server was still loading.'),
    noProvider: vscode.l10n.t('No language provider answered for this file.'),
    note: vscode.l10n.t('Note: {0}'),
    rowsNotKept: vscode.l10n.t('The rows of this older query were not kept; run it again.'),
    openInHierarchy: vscode.l10n.t('Open in Call or Type Hierarchy View'),
    hierarchyNone: {
      incomingCalls: vscode.l10n.t('No callers.'),
      outgoingCalls: vscode.l10n.t('No callees.'),
      supertypes: vscode.l10n.t('No supertypes.'),
      subtypes: vscode.l10n.t('No subtypes.'),
    },
    callsAt: vscode.l10n.t('calls at {0}'),
    calledAt: vscode.l10n.t('called at {0}'),
    repeated: vscode.l10n.t('repeated: listed above'),
    cycle: vscode.l10n.t('cycle: its own ancestor'),
    loading: vscode.l10n.t('Loading…'),
    hierarchySummary: { one: vscode.l10n.t('1 related item'), many: vscode.l10n.t('{0} related items') },
  };
}
