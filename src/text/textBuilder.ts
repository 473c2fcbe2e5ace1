// Builds a long text in one growing UTF-8 buffer, decoded once at the end. Rendering 100,000
// locations as 100,000 retained strings spent most of its time in the garbage collector (CPU
// profile, docs/performance.md); bytes in one buffer leave nothing for it to copy.

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** Characters String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
export function isTrimmedSpace(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else return true;
  }
  return false;
}

export class TextBuilder {
  private buffer: Uint8Array;
  private length = 0;
  /** UTF-16 code units appended so far: what `String.length` of the result will be. */
  units = 0;
  /** Set when a lone surrogate was appended: UTF-8 cannot carry it, so the caller must build the text as a string. */
  lossy = false;

  /** `expectedBytes`: a size estimate, so that a long text is not copied on every doubling. */
  constructor(expectedBytes = 1 << 14) {
    this.buffer = new Uint8Array(Math.max(64, Math.min(expectedBytes, 1 << 26)));
  }

  private reserve(bytes: number): Uint8Array {
    if (this.length + bytes > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    return this.buffer;
  }

  /** Appends `text.slice(from, to)`. */
  append(text: string, from = 0, to = text.length): void {
    const buffer = this.reserve((to - from) * 3);
    let at = this.length;
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) {
        const rest = text.slice(i, to);
        if (hasLoneSurrogate(rest)) this.lossy = true;
        at += encoder.encodeInto(rest, buffer.subarray(at)).written;
        break;
      }
      buffer[at++] = code;
    }
    this.length = at;
    this.units += to - from;
  }

  /** Appends one ASCII character by its code. */
  appendAscii(code: number): void {
    this.reserve(1)[this.length++] = code;
    this.units++;
  }

  /** Appends a non-negative integer in decimal. */
  appendInteger(value: number): void {
    if (value >= 1e9 || !Number.isInteger(value) || value < 0) {
      this.append(String(value));
      return;
    }
    const digits =
      value < 10 ? 1 : value < 100 ? 2 : value < 1e3 ? 3 : value < 1e4 ? 4 : value < 1e5 ? 5 : value < 1e6 ? 6 : value < 1e7 ? 7 : value < 1e8 ? 8 : 9;
    const buffer = this.reserve(digits);
    let at = this.length + digits;
    this.length = at;
    this.units += digits;
    // Last digit first; `| 0` keeps it in small-integer arithmetic (value < 1e9 < 2^31).
    while (value >= 10) {
      const quotient = (value / 10) | 0;
      buffer[--at] = 0x30 + value - quotient * 10;
      value = quotient;
    }
    buffer[at - 1] = 0x30 + value;
  }

  toString(): string {
    return decoder.decode(this.buffer.subarray(0, this.length));
  }
}

/** The same interface over plain strings: exact for any text, lone surrogates included, but slower. */
export class StringBuilder {
  private readonly parts: string[] = [];
  units = 0;
  readonly lossy = false;

  append(text: string, from = 0, to = text.length): void {
    const part = from === 0 && to === text.length ? text : text.slice(from, to);
    this.parts.push(part);
    this.units += part.length;
  }

  appendAscii(code: number): void {
    this.append(String.fromCharCode(code));
  }

  appendInteger(value: number): void {
    this.append(String(value));
  }

  toString(): string {
    return this.parts.join('');
  }
}
