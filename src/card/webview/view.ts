// What every part of the card draws with: the elements it writes into, the localised strings, and
// the channel back to the extension; and the result type of each entry kind.
import type { CardEntry, CardStrings, FromCard } from './protocol';

export interface CardView {
  content: HTMLElement;
  summary: HTMLElement;
  strings: CardStrings;
  format: (template: string, ...args: (string | number)[]) => string;
  post: (message: FromCard) => void;
}

/** The result of an entry of kind `K`. */
export type ResultOf<K extends CardEntry['result']['kind']> = Extract<CardEntry['result'], { kind: K }>;

/** What a drawn result reports once painted: how many rows it shows. */
export interface Painted {
  rowCount: () => number;
}

/** `{0}`, `{1}`, … replaced by the arguments. */
export function format(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (m, i: string) => String(args[Number(i)] ?? m));
}

/** The end of an exhaustive switch: a case added to the union and not handled fails the type check here. */
export function unreachable(value: never): never {
  throw new Error(`the card cannot draw ${JSON.stringify(value)}`);
}
