// Any other language: what the engine assumes of a server it has no profile for. Each file extension
// is a family of its own; nothing is called a keyword without the editor; the server is asked like
// any other. It also knows where the projects of two more ecosystems are, to wake their servers
// (rust-analyzer's Cargo.toml; Maven's and Gradle's for Java and Kotlin), and some of their words.
import type { LanguageProfile } from './profile';

export const OTHER: LanguageProfile = {
  name: 'other',
  languageIds: [],
  extensions: [],
  defaultLanguages: { '.rs': 'rust', '.java': 'java', '.kt': 'kotlin' },
  reservedWords: ['fn', 'impl', 'pub', 'mut', 'struct', 'final'],
  wake: {
    searches: [
      { kind: 'markers', markers: '**/Cargo.toml', sources: '**/*.rs' },
      { kind: 'markers', markers: '**/{pom.xml,build.gradle,build.gradle.kts}', sources: '**/*.{java,kt}' },
    ],
    projectsBeforeFileQuestion: true,
    emptyWhileStarting: true,
  },
  settle: { growsWhileLoading: false },
  closedFile: { kind: 'published' },
  implementationProvider: false,
};
