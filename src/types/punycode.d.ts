// punycode.js ships no types; renderUri uses one function of it.
declare module 'punycode.js' {
  /** Decodes every `xn--` label of a domain name; other labels are returned as they are. */
  export function toUnicode(domain: string): string;
}
