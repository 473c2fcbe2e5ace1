// Node's path.posix / path.win32 `relative` and `isAbsolute` as pure functions, so that rendering
// runs in a web worker too. Adapted from Node.js v20 lib/path.js (MIT, Node.js contributors and
// Joyent, Inc.). The one host dependency, the current directory, is fixed to `/`: renderUri only
// passes absolute paths, and for a bare drive (`C:`) this gives the drive's root, as Node does on
// a POSIX host whose current directory is `/`.

const SLASH = 47; // '/'
const BACKSLASH = 92; // '\'
const DOT = 46; // '.'
const COLON = 58; // ':'

export interface PathRules {
  sep: '/' | '\\';
  relative(from: string, to: string): string;
  isAbsolute(path: string): boolean;
}

const isPosixSeparator = (code: number): boolean => code === SLASH;
const isWin32Separator = (code: number): boolean => code === SLASH || code === BACKSLASH;
const isDriveLetter = (code: number): boolean => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

/** Resolves `.` and `..` segments and drops empty ones. */
function normalizeString(path: string, allowAboveRoot: boolean, separator: string, isSeparator: (code: number) => boolean): string {
  let res = '';
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code = 0;
  for (let i = 0; i <= path.length; ++i) {
    if (i < path.length) code = path.charCodeAt(i);
    else if (isSeparator(code)) break;
    else code = SLASH;
    if (isSeparator(code)) {
      if (lastSlash === i - 1 || dots === 1) {
        // An empty segment or `.`: nothing to add.
      } else if (dots === 2) {
        if (res.length < 2 || lastSegmentLength !== 2 || res.charCodeAt(res.length - 1) !== DOT || res.charCodeAt(res.length - 2) !== DOT) {
          if (res.length > 2) {
            const lastSlashIndex = res.lastIndexOf(separator);
            if (lastSlashIndex === -1) {
              res = '';
              lastSegmentLength = 0;
            } else {
              res = res.slice(0, lastSlashIndex);
              lastSegmentLength = res.length - 1 - res.lastIndexOf(separator);
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (res.length !== 0) {
            res = '';
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          res += res.length > 0 ? `${separator}..` : '..';
          lastSegmentLength = 2;
        }
      } else {
        if (res.length > 0) res += `${separator}${path.slice(lastSlash + 1, i)}`;
        else res = path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === DOT && dots !== -1) {
      ++dots;
    } else {
      dots = -1;
    }
  }
  return res;
}

function posixResolve(path: string): string {
  // The current directory is `/`, so every path resolves as if it started with one.
  const normalized = normalizeString(`${path}/`, false, '/', isPosixSeparator);
  return `/${normalized}`;
}

function posixRelative(from: string, to: string): string {
  if (from === to) return '';
  from = posixResolve(from);
  to = posixResolve(to);
  if (from === to) return '';
  const fromStart = 1;
  const fromEnd = from.length;
  const fromLen = fromEnd - fromStart;
  const toStart = 1;
  const toLen = to.length - toStart;
  const length = fromLen < toLen ? fromLen : toLen;
  let lastCommonSep = -1;
  let i = 0;
  for (; i < length; i++) {
    const fromCode = from.charCodeAt(fromStart + i);
    if (fromCode !== to.charCodeAt(toStart + i)) break;
    else if (fromCode === SLASH) lastCommonSep = i;
  }
  if (i === length) {
    if (toLen > length) {
      // `from` is the exact base path of `to`, or the root.
      if (to.charCodeAt(toStart + i) === SLASH) return to.slice(toStart + i + 1);
      if (i === 0) return to.slice(toStart + i);
    } else if (fromLen > length) {
      if (from.charCodeAt(fromStart + i) === SLASH) lastCommonSep = i;
      else if (i === 0) lastCommonSep = 0;
    }
  }
  let out = '';
  for (i = fromStart + lastCommonSep + 1; i <= fromEnd; ++i) {
    if (i === fromEnd || from.charCodeAt(i) === SLASH) out += out.length === 0 ? '..' : '/..';
  }
  return `${out}${to.slice(toStart + lastCommonSep)}`;
}

/** The root of a win32 path: its device (`C:`, `\\server\share`) and where the rest starts. */
function win32Root(path: string): { device: string; rootEnd: number; isAbsolute: boolean } {
  const len = path.length;
  let rootEnd = 0;
  let device = '';
  let isAbsolute = false;
  const code = path.charCodeAt(0);
  if (len === 1) {
    if (isWin32Separator(code)) {
      rootEnd = 1;
      isAbsolute = true;
    }
  } else if (isWin32Separator(code)) {
    isAbsolute = true;
    if (isWin32Separator(path.charCodeAt(1))) {
      // A UNC root: two separators, a server, separators, a share.
      let j = 2;
      let last = j;
      while (j < len && !isWin32Separator(path.charCodeAt(j))) j++;
      if (j < len && j !== last) {
        const firstPart = path.slice(last, j);
        last = j;
        while (j < len && isWin32Separator(path.charCodeAt(j))) j++;
        if (j < len && j !== last) {
          last = j;
          while (j < len && !isWin32Separator(path.charCodeAt(j))) j++;
          if (j === len || j !== last) {
            if (firstPart !== '.' && firstPart !== '?') {
              device = `\\\\${firstPart}\\${path.slice(last, j)}`;
              rootEnd = j;
            } else {
              // A device root such as \\.\PHYSICALDRIVE0.
              device = `\\\\${firstPart}`;
              rootEnd = 4;
            }
          }
        }
      }
    } else {
      rootEnd = 1;
    }
  } else if (isDriveLetter(code) && path.charCodeAt(1) === COLON) {
    device = path.slice(0, 2);
    rootEnd = 2;
    if (len > 2 && isWin32Separator(path.charCodeAt(2))) {
      isAbsolute = true;
      rootEnd = 3;
    }
  }
  return { device, rootEnd, isAbsolute };
}

function win32Resolve(path: string): string {
  let resolvedDevice = '';
  let resolvedTail = '';
  let resolvedAbsolute = false;
  // The path itself, then the current directory (`/`), which only completes what is missing.
  for (const candidate of path.length === 0 ? ['/'] : [path, '/']) {
    const { device, rootEnd, isAbsolute } = win32Root(candidate);
    if (device.length > 0) {
      if (resolvedDevice.length > 0) {
        if (device.toLowerCase() !== resolvedDevice.toLowerCase()) continue;
      } else {
        resolvedDevice = device;
      }
    }
    if (resolvedAbsolute) {
      if (resolvedDevice.length > 0) break;
    } else {
      resolvedTail = `${candidate.slice(rootEnd)}\\${resolvedTail}`;
      resolvedAbsolute = isAbsolute;
      if (isAbsolute && resolvedDevice.length > 0) break;
    }
  }
  resolvedTail = normalizeString(resolvedTail, !resolvedAbsolute, '\\', isWin32Separator);
  return resolvedAbsolute ? `${resolvedDevice}\\${resolvedTail}` : `${resolvedDevice}${resolvedTail}` || '.';
}

function win32Relative(from: string, to: string): string {
  if (from === to) return '';
  const fromOrig = win32Resolve(from);
  const toOrig = win32Resolve(to);
  if (fromOrig === toOrig) return '';
  from = fromOrig.toLowerCase();
  to = toOrig.toLowerCase();
  if (from === to) return '';

  if (fromOrig.length !== from.length || toOrig.length !== to.length) {
    // Lower-casing changed a length: compare whole segments instead of code units.
    const fromSplit = fromOrig.split('\\');
    const toSplit = toOrig.split('\\');
    if (fromSplit[fromSplit.length - 1] === '') fromSplit.pop();
    if (toSplit[toSplit.length - 1] === '') toSplit.pop();
    const fromLen = fromSplit.length;
    const toLen = toSplit.length;
    const length = fromLen < toLen ? fromLen : toLen;
    let i;
    for (i = 0; i < length; i++) {
      if (fromSplit[i]!.toLowerCase() !== toSplit[i]!.toLowerCase()) break;
    }
    if (i === 0) return toOrig;
    if (i === length) {
      if (toLen > length) return toSplit.slice(i).join('\\');
      if (fromLen > length) return `${'..\\'.repeat(fromLen - 1 - i)}..`;
      return '';
    }
    return `${'..\\'.repeat(fromLen - i)}${toSplit.slice(i).join('\\')}`;
  }

  let fromStart = 0;
  while (fromStart < from.length && from.charCodeAt(fromStart) === BACKSLASH) fromStart++;
  let fromEnd = from.length;
  while (fromEnd - 1 > fromStart && from.charCodeAt(fromEnd - 1) === BACKSLASH) fromEnd--;
  const fromLen = fromEnd - fromStart;
  let toStart = 0;
  while (toStart < to.length && to.charCodeAt(toStart) === BACKSLASH) toStart++;
  let toEnd = to.length;
  while (toEnd - 1 > toStart && to.charCodeAt(toEnd - 1) === BACKSLASH) toEnd--;
  const toLen = toEnd - toStart;

  const length = fromLen < toLen ? fromLen : toLen;
  let lastCommonSep = -1;
  let i = 0;
  for (; i < length; i++) {
    const fromCode = from.charCodeAt(fromStart + i);
    if (fromCode !== to.charCodeAt(toStart + i)) break;
    else if (fromCode === BACKSLASH) lastCommonSep = i;
  }
  if (i !== length) {
    // A mismatch before the first common separator: nothing in common.
    if (lastCommonSep === -1) return toOrig;
  } else {
    if (toLen > length) {
      if (to.charCodeAt(toStart + i) === BACKSLASH) return toOrig.slice(toStart + i + 1);
      if (i === 2) return toOrig.slice(toStart + i);
    }
    if (fromLen > length) {
      if (from.charCodeAt(fromStart + i) === BACKSLASH) lastCommonSep = i;
      else if (i === 2) lastCommonSep = 3;
    }
    if (lastCommonSep === -1) lastCommonSep = 0;
  }
  let out = '';
  for (i = fromStart + lastCommonSep + 1; i <= fromEnd; ++i) {
    if (i === fromEnd || from.charCodeAt(i) === BACKSLASH) out += out.length === 0 ? '..' : '\\..';
  }
  toStart += lastCommonSep;
  if (out.length > 0) return `${out}${toOrig.slice(toStart, toEnd)}`;
  if (toOrig.charCodeAt(toStart) === BACKSLASH) ++toStart;
  return toOrig.slice(toStart, toEnd);
}

export const posixRules: PathRules = {
  sep: '/',
  relative: posixRelative,
  isAbsolute: (path) => path.length > 0 && path.charCodeAt(0) === SLASH,
};

export const win32Rules: PathRules = {
  sep: '\\',
  relative: win32Relative,
  isAbsolute: (path) => {
    const len = path.length;
    if (len === 0) return false;
    const code = path.charCodeAt(0);
    return isWin32Separator(code) || (len > 2 && isDriveLetter(code) && path.charCodeAt(1) === COLON && isWin32Separator(path.charCodeAt(2)));
  },
};
