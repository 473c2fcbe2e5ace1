// A call's title as a person reads it, in the display language: "References to `total`", "Outline of
// order.ts". The words are here, the facts in the outcome's heading (engine/heading.ts); `ui` is
// `vscode` in the extension (its l10n), a fake in the unit tests. A name is in backticks: the card
// draws it as code (card/webview/main.ts).
import type { Heading, Subject } from '../engine/heading';
import type { Localize } from '../tools/definition';

export function headingText(heading: Heading, ui: { l10n: Localize }): string {
  switch (heading.kind) {
    case 'position': {
      const said = positionText(heading.question, heading.subject, ui);
      return heading.depth === undefined || heading.depth <= 1 ? said : ui.l10n.t('{0}, {1} levels deep', said, heading.depth);
    }
    case 'symbols':
      return heading.file === undefined
        ? ui.l10n.t('Symbols matching `{0}`', heading.query)
        : ui.l10n.t('Symbols matching `{0}` in {1}', heading.query, heading.file);
    case 'outline':
      return ui.l10n.t('Outline of {0}', heading.file);
    case 'problems': {
      const { paths } = heading;
      const [first] = paths;
      const where =
        first === undefined
          ? ui.l10n.t('Problems in the workspace')
          : paths.length === 1
            ? ui.l10n.t('Problems in {0}', first)
            : ui.l10n.t('Problems in {0} and {1} more', first, paths.length - 1);
      if (heading.severity === 'error') return ui.l10n.t('{0}, errors only', where);
      return heading.severity === 'all' ? ui.l10n.t('{0}, hints included', where) : where;
    }
    case 'rename':
      return heading.subject.name === undefined
        ? ui.l10n.t('Rename at {0} to `{1}`', heading.subject.at, heading.newName)
        : ui.l10n.t('Rename `{0}` to `{1}`', heading.subject.name, heading.newName);
  }
}

/** Each question in two words: about a named symbol, or about a position with no identifier on it. */
function positionText(question: Extract<Heading, { kind: 'position' }>['question'], subject: Subject, ui: { l10n: Localize }): string {
  const { name, at } = subject;
  switch (question) {
    case 'goToDefinition':
      return name === undefined ? ui.l10n.t('Definition at {0}', at) : ui.l10n.t('Definition of `{0}`', name);
    case 'findReferences':
      return name === undefined ? ui.l10n.t('References at {0}', at) : ui.l10n.t('References to `{0}`', name);
    case 'goToImplementation':
      return name === undefined ? ui.l10n.t('Implementations at {0}', at) : ui.l10n.t('Implementations of `{0}`', name);
    case 'hover':
      return name === undefined ? ui.l10n.t('Hover at {0}', at) : ui.l10n.t('Hover on `{0}`', name);
    case 'incomingCalls':
      return name === undefined ? ui.l10n.t('Callers at {0}', at) : ui.l10n.t('Callers of `{0}`', name);
    case 'outgoingCalls':
      return name === undefined ? ui.l10n.t('Calls from {0}', at) : ui.l10n.t('Calls from `{0}`', name);
    case 'supertypes':
      return name === undefined ? ui.l10n.t('Supertypes at {0}', at) : ui.l10n.t('Supertypes of `{0}`', name);
    case 'subtypes':
      return name === undefined ? ui.l10n.t('Subtypes at {0}', at) : ui.l10n.t('Subtypes of `{0}`', name);
  }
}
