// lsp_diagnostics' palette command, "LSP: Show Problems (fresh)" (pure): the workspace, or the files
// a script passes, answered in the card. Registered with the other tools' by commands/toolCommands.ts.
import type { ToolCommand } from '../definition';
import { DIAGNOSTICS_API } from './api';

const [SHOW_PROBLEMS] = DIAGNOSTICS_API.commands;

export const DIAGNOSTICS_COMMANDS: Readonly<Record<string, ToolCommand>> = {
  [SHOW_PROBLEMS]: {
    progress: (context) => context.l10n.t('LSP: checking problems'),
    // `paths`: given by a script or test; otherwise the whole workspace.
    input: ([paths]) => {
      const filePaths = Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : [];
      return filePaths.length === 0 ? {} : { file_paths: filePaths };
    },
  },
};
