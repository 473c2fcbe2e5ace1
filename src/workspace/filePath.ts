// Pure path handling for file_path: what kind of reference it is, and which roots it may name.
import { pathInside } from '../text/displayPath';

export type PathReference = { kind: 'uri'; uri: string } | { kind: 'absolute'; path: string } | { kind: 'relative'; segments: string[] };

const URI_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]+:/;
const WINDOWS_DRIVE = /^[a-zA-Z]:[\\/]/;

/** Classifies a raw file_path. Backslashes count as separators only in a Windows-style path. */
export function classifyPath(raw: string): PathReference {
  // A drive letter is one character, so `C:\x` is a path while `file:`, `untitled:` are schemes.
  if (WINDOWS_DRIVE.test(raw)) return { kind: 'absolute', path: `/${raw.replace(/\\/g, '/')}` };
  if (URI_SCHEME.test(raw)) return { kind: 'uri', uri: raw };
  if (raw.startsWith('/')) return { kind: 'absolute', path: raw };
  const segments = raw.split('/').filter((s) => s !== '' && s !== '.');
  return { kind: 'relative', segments };
}

/** Whether `child` is `parent` or inside it, comparing URI strings. */
export function uriContains(parent: string, child: string): boolean {
  return pathInside(parent, child) !== undefined;
}
