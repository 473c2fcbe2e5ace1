// Waking the servers a question needs. Language servers start for a file of their language (and
// tsserver loads a project only for an open file of it), so with nothing open, clangd and pyright
// are not running and a workspace symbol search is silently empty. A workspace-wide question opens,
// without showing, one file of each language an installed extension serves (of each project, where
// project markers say where projects are), up to a bound, then waits for readiness as usual.
import type { Budget } from './budget';
import { profileOf } from './languages';
import type { LanguageFeatures, WakeCandidate, Workspace } from './ports';

/** Files opened at most by one wake: enough for a monorepo's packages and a few languages, few enough to keep a cold start short. */
export const MAX_WAKE_FILES = 10;

/**
 * Which candidates to open: those of served languages (and of `onlyLanguage`, when given), each
 * URI once, languages taking turns in the order they first appear, so that ten TypeScript projects
 * do not leave Go's server asleep.
 */
export function chooseWakeFiles(
  candidates: readonly WakeCandidate[],
  served: (languageId: string) => boolean,
  limit = MAX_WAKE_FILES,
  onlyLanguage?: string,
): WakeCandidate[] {
  const byLanguage = new Map<string, WakeCandidate[]>();
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate.uri) || (onlyLanguage !== undefined && candidate.languageId !== onlyLanguage) || !served(candidate.languageId)) continue;
    seen.add(candidate.uri);
    const list = byLanguage.get(candidate.languageId) ?? [];
    list.push(candidate);
    byLanguage.set(candidate.languageId, list);
  }
  const chosen: WakeCandidate[] = [];
  const queues = [...byLanguage.values()];
  for (let round = 0; chosen.length < limit && queues.some((q) => q.length > round); round++) {
    for (const queue of queues) {
      const next = queue[round];
      if (next !== undefined && chosen.length < limit) chosen.push(next);
    }
  }
  return chosen;
}

/**
 * Wakes the servers of every served language in the workspace. Resolves to the folders of the files
 * it chose (opened now or before) and whether it opened a file for a server that answers [] until
 * it has started (its profile's wake.emptyWhileStarting: not tsserver, which blocks its first answer
 * until its project has loaded).
 */
export async function wakeWorkspace(workspace: Workspace, features: LanguageFeatures, budget: Budget): Promise<{ folders: string[]; started: boolean }> {
  const chosen = chooseWakeFiles(await budget.race(workspace.wakeCandidates()), (id) => features.servesLanguage(id));
  const open = workspace.openDocumentUris();
  const started = chosen.some((c) => !open.has(c.uri) && profileOf(c.languageId).wake.emptyWhileStarting);
  await budget.race(workspace.openInBackground(chosen.map((c) => c.uri)));
  return { folders: [...new Set(chosen.map((c) => c.folder))], started };
}

/**
 * Before a cold question on a file: the projects of its language, opened too, so that its server
 * loads them (clangd its compile_commands.json) rather than the one file. Only where the language's
 * profile says so (wake.projectsBeforeFileQuestion); not for tsserver's languages: tsserver loads
 * the file's own project, which is what the question needs, and waking its other projects is left
 * to workspace-wide questions, as before.
 */
export async function wakeLanguage(languageId: string, workspace: Workspace, features: LanguageFeatures, budget: Budget): Promise<void> {
  if (!profileOf(languageId).wake.projectsBeforeFileQuestion || !features.servesLanguage(languageId)) return;
  const chosen = chooseWakeFiles(await budget.race(workspace.wakeCandidates()), () => true, MAX_WAKE_FILES, languageId);
  if (chosen.length > 0) await budget.race(workspace.openInBackground(chosen.map((c) => c.uri)));
}
