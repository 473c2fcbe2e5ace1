// Python: pyright (Pylance, basedpyright), behind vscode-languageclient: it pulls diagnostics only
// for documents in tabs (learnt at run time, platform/diagnostics.ts needsTab).
import type { LanguageProfile } from './profile';

export const PYTHON: LanguageProfile = {
  name: 'python',
  languageIds: ['python'],
  extensions: ['py', 'pyi'],
  defaultLanguages: { '.py': 'python' },
  reservedWords: ['def', 'elif', 'lambda', 'pass', 'None'],
  wake: {
    // A project's marker, else (a folder of Python modules) any module: one file of the language
    // starts its server on the folder. Not setup.py, conftest.py or a test, where there is another.
    searches: [{ kind: 'markers', markers: '**/{pyproject.toml,setup.py,setup.cfg}', sources: '**/*.py', avoid: /(^|\/)(setup|conftest)\.py$|(^|\/)tests?\// }],
    projectsBeforeFileQuestion: true,
    emptyWhileStarting: true,
  },
  settle: { growsWhileLoading: false },
  closedFile: { kind: 'published' },
  implementationProvider: false,
};
