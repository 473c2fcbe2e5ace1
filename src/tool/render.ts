// The text the model reads: the original's exact format (seed-spec §5) plus previews and notes.
import type { LspHover, LspLocation } from '../seam/types';
import { fileUrlToPath } from './fileUrl';
import { posixRules, win32Rules } from './pathRules';

export interface WorkspaceRoot {
  name: string;
  /** `Uri.toString()` of the folder. */
  uri: string;
}

export interface LocationRenderOptions {
  /** The folder that owns the queried file; outside paths are rendered against it, as in the original. */
  resolvedWorkspaceUri: string;
  /** All workspace folders; relative paths work for any scheme, with a folder-name prefix when there are several. */
  roots?: readonly WorkspaceRoot[];
  maxLocations: number;
  maxResultChars: number;
  /** Source text of a location's line, when previews are on. */
  preview?: (location: LspLocation) => string | undefined;
  notes?: readonly string[];
}

export const NO_RESULTS = 'No results.';
export const NO_HOVER = 'No hover information.';
export const PREVIEW_MAX = 120;

const DRIVE_PATH = /^\/[a-z](?::|%3a)/i;

/** seed-spec §5.4: pure string/URL computation, never the disk or the host's path rules (nor Node's modules). */
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
    const decoded = encoded.split('/').map((segment) => decodeURIComponent(segment)).join('/');
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** Relative display path for a URI of any scheme inside a workspace folder; the original's rules otherwise. */
export function displayPath(uri: string, resolvedWorkspaceUri: string, roots: readonly WorkspaceRoot[] = []): string {
  let best: { root: WorkspaceRoot; rest: string } | undefined;
  for (const root of roots) {
    const base = root.uri.replace(/\/+$/, '');
    let rest: string | undefined;
    if (uri === base) rest = '';
    else if (uri.startsWith(`${base}/`)) rest = uri.slice(base.length + 1);
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

/** seed-spec §5.3: never longer than max, exactly max when it truncates. */
export function bound(text: string, max: number, label: 'locations' | 'hover', statedLimit = max): string {
  if (text.length <= max) return text;
  const notice = `\n… ${label} truncated (limit ${statedLimit} characters).`;
  if (notice.length >= max) return notice.slice(0, max);
  return text.slice(0, max - notice.length) + notice;
}

/** Notes follow the body; the body is cut first so that the notes survive the character cap. */
function withNotes(body: string, notes: readonly string[] | undefined, max: number, label: 'locations' | 'hover'): string {
  const notesText = (notes ?? []).map((note) => `\nNote: ${note}`).join('');
  if (notesText === '') return bound(body, max, label);
  if (body.length + notesText.length <= max) return body + notesText;
  if (notesText.length < max) return bound(body, max - notesText.length, label, max) + notesText;
  return bound(body + notesText, max, label);
}

export function previewText(line: string): string {
  const trimmed = line.trim();
  return trimmed.length <= PREVIEW_MAX ? trimmed : `${trimmed.slice(0, PREVIEW_MAX - 1)}…`;
}

/** seed-spec §5.1: grouped by file in order of first appearance, count cap before grouping. */
export function formatLocations(locations: readonly LspLocation[], options: LocationRenderOptions): string {
  const { maxLocations, maxResultChars } = options;
  if (locations.length === 0) return withNotes(NO_RESULTS, options.notes, maxResultChars, 'locations');
  const shown = locations.slice(0, maxLocations);
  const omitted = locations.length - shown.length;
  const groups = new Map<string, string[]>();
  // Locations cluster in few files: compute each file's display path once.
  const paths = new Map<string, string>();
  for (const location of shown) {
    let file = paths.get(location.uri);
    if (file === undefined) {
      file = displayPath(location.uri, options.resolvedWorkspaceUri, options.roots);
      paths.set(location.uri, file);
    }
    let entry = `${file}:${location.range.start.line + 1}:${location.range.start.character + 1}`;
    const source = options.preview?.(location);
    if (source !== undefined) entry += `: ${previewText(source)}`;
    const group = groups.get(file);
    if (group) group.push(entry);
    else groups.set(file, [entry]);
  }
  const lines: string[] = [];
  for (const group of groups.values()) for (const line of group) lines.push(line);
  if (omitted > 0) lines.push(`… ${omitted} more location${omitted === 1 ? '' : 's'} omitted (limit ${maxLocations}).`);
  return withNotes(lines.join('\n'), options.notes, maxResultChars, 'locations');
}

/** seed-spec §5.2: contents verbatim; the range is not rendered. */
export function formatHover(hover: LspHover | null, maxResultChars: number, notes?: readonly string[]): string {
  return withNotes(hover === null ? NO_HOVER : hover.contents, notes, maxResultChars, 'hover');
}
