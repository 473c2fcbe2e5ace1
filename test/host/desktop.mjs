// `npm run test:desktop`: the same compiled test entry under @vscode/test-electron, where VS Code desktop
// can be downloaded or is installed (VSCODE_EXECUTABLE_PATH). It cannot run on the offline build machines.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
try {
  await runTests({
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH,
    version: process.env.VSCODE_EXECUTABLE_PATH ? undefined : '1.100.3',
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(repo, 'out', 'test', 'integration', 'index.js'),
    launchArgs: [join(repo, 'test', 'fixtures', 'basic'), '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { LSP_TOOL_FIXTURES: join(repo, 'test', 'fixtures'), LSP_TOOL_REPO: repo },
  });
} catch (err) {
  console.error('desktop integration tests failed:', err);
  process.exit(1);
}
