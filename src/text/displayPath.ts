// Paths as the model reads them: workspace-relative for any scheme inside a folder (with the
// folder's name when there are several), the outside rules of docs/contract.md §5.4 otherwise.
import { fileUrlToPath } from './portedFileUrl';
import { posixRules, win32Rules } from './portedNodePath';

export interface WorkspaceRoot {
  name: string;
  /** `Uri.toString()` of the folder. */
  uri: string;
}

const DRIVE_PATH = /^\/[a-z](?::|%3a)/i;

/** docs/contract.md §5.4: pure string/URL computation, never the disk or the host's path rules (nor Node's modules). */
export function renderUri(uri: string, workspaceUri: string): string {
  if (!uri.startsWith('file:')) return uri;
  let target: URL;
  let workspace: URL;
  try {
    target = new URL(uri);
    workspace = new URL(workspaceUri);
  } catch {
    return uri;
  }
  if (workspace.protocol !== 'file:') return uri;
  const workspaceWindows = workspace.host !== '' || DRIVE_PATH.test(workspace.pathname);
  const targetWindows = workspaceWindows && (target.host !== '' || DRIVE_PATH.test(target.pathname));
  let workspacePath: string;
  let targetPath: string;
  try {
    workspacePath = fileUrlToPath(workspace, workspaceWindows);
    targetPath = fileUrlToPath(target, targetWindows);
  } catch {
    return uri;
  }
  if (workspacePath.includes('\0') || targetPath.includes('\0')) return uri;
  if (workspaceWindows !== targetWindows) return targetPath;
  const rules = workspaceWindows ? win32Rules : posixRules;
  const relative = rules.relative(workspacePath, targetPath);
  let result: string;
  if (relative === '') result = '.';
  else if (relative === '..' || relative.startsWith(`..${rules.sep}`) || rules.isAbsolute(relative)) result = targetPath;
  else result = relative;
  return workspaceWindows ? result.replace(/\\/g, '/') : result;
}

function decodePath(encoded: string): string | undefined {
  try {
    const decoded = encoded
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

const AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(\/.*)?$/i;

/**
 * The part of `child` below `parent` ('' for the folder itself), or undefined when it is not
 * inside. Both are URI strings or absolute paths. A folder at a file system root (`file:///`)
 * keeps its slash: its children start right after it, not after a second one.
 */
export function pathInside(parent: string, child: string): string | undefined {
  const authority = AUTHORITY.exec(parent);
  const atRoot = authority !== null && (authority[2] ?? '').replace(/\/+$/, '') === '';
  const base = atRoot ? authority[1]! : parent.replace(/\/+$/, '');
  if (child === base || child === `${base}/`) return '';
  return child.startsWith(`${base}/`) ? child.slice(base.length + 1) : undefined;
}

/** Relative display path for a URI of any scheme inside a workspace folder; the outside rules (docs/contract.md §5.4) otherwise. */
export function displayPath(uri: string, resolvedWorkspaceUri: string, roots: readonly WorkspaceRoot[] = []): string {
  let best: { root: WorkspaceRoot; rest: string } | undefined;
  for (const root of roots) {
    const rest = pathInside(root.uri, uri);
    if (rest !== undefined && (best === undefined || root.uri.length > best.root.uri.length)) best = { root, rest };
  }
  if (best) {
    const decoded = decodePath(best.rest.split(/[?#]/)[0] ?? '');
    if (decoded !== undefined) {
      const relative = decoded === '' ? '.' : decoded;
      if (roots.length <= 1) return relative;
      return decoded === '' ? best.root.name : `${best.root.name}/${relative}`;
    }
  }
  return renderUri(uri, resolvedWorkspaceUri);
}

/** displayPath against one folder and roots, each URI's computed once (an answer's locations cluster in few files). */
export function displayPaths(resolvedWorkspaceUri: string, roots: readonly WorkspaceRoot[] = []): (uri: string) => string {
  const paths = new Map<string, string>();
  return (uri) => {
    let path = paths.get(uri);
    if (path === undefined) paths.set(uri, (path = displayPath(uri, resolvedWorkspaceUri, roots)));
    return path;
  };
}
