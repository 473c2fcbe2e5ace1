// Go: gopls. It type-checks every workspace package and pushes errors for closed files too (learnt
// at run time, platform/diagnostics.ts publishesClosed), and blocks a question until it has loaded.
import type { LanguageProfile } from './profile';

export const GO: LanguageProfile = {
  name: 'go',
  languageIds: ['go'],
  extensions: ['go'],
  defaultLanguages: { '.go': 'go' },
  reservedWords: ['func', 'struct', 'nil', 'go', 'defer', 'chan'],
  identifier: {
    pattern: /^[\p{L}_][\p{L}\p{Nd}_]*$/u,
    reserved: new Set([
      'break',
      'case',
      'chan',
      'const',
      'continue',
      'default',
      'defer',
      'else',
      'fallthrough',
      'for',
      'func',
      'go',
      'goto',
      'if',
      'import',
      'interface',
      'map',
      'package',
      'range',
      'return',
      'select',
      'struct',
      'switch',
      'type',
      'var',
    ]),
  },
  wake: {
    // One source beside each go.mod, not a test where there is another.
    searches: [{ kind: 'markers', markers: '**/go.mod', sources: '**/*.go', avoid: /_test\.go$/ }],
    projectsBeforeFileQuestion: true,
    emptyWhileStarting: true,
  },
  settle: { growsWhileLoading: false },
  closedFile: { kind: 'published' },
  implementationProvider: false,
};
