// Node's url.fileURLToPath(url, { windows }) as a pure function, so that rendering runs in a web
// worker too. Adapted from Node.js v20 lib/internal/url.js (MIT, Node.js contributors).
import { toUnicode } from 'punycode.js';

const ENCODED_SLASH = /%2f/i;
const ENCODED_SEPARATOR = /%2f|%5c/i;

/** The file system path of a parsed `file:` URL, with POSIX or Windows rules; throws where Node throws. */
export function fileUrlToPath(url: URL, windows: boolean): string {
  if (url.protocol !== 'file:') throw new TypeError('The URL must be of scheme file');
  return windows ? win32Path(url) : posixPath(url);
}

function win32Path(url: URL): string {
  if (ENCODED_SEPARATOR.test(url.pathname)) throw new TypeError('File URL path must not include encoded \\ or / characters');
  const pathname = decodeURIComponent(url.pathname.replace(/\//g, '\\'));
  // A host makes a UNC path; an IDN host is shown in Unicode, as Node's domainToUnicode does.
  if (url.hostname !== '') return `\\\\${toUnicode(url.hostname)}${pathname}`;
  const letter = (pathname.codePointAt(1) ?? 0) | 0x20;
  if (letter < 0x61 || letter > 0x7a || pathname.charAt(2) !== ':') throw new TypeError('File URL path must be absolute');
  return pathname.slice(1);
}

function posixPath(url: URL): string {
  if (url.hostname !== '') throw new TypeError('File URL host must be "localhost" or empty on this platform');
  if (ENCODED_SLASH.test(url.pathname)) throw new TypeError('File URL path must not include encoded / characters');
  return decodeURIComponent(url.pathname);
}
