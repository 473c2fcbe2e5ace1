// A warm question asked before the call's own checks (pure). On a warm key the provider's answer is
// all the wait there is, and the checks before it (the outside-workspace policy, the file's
// resolution with its stat, the settings, the budget) cost a quarter of a millisecond that the
// raw command does not pay (docs/performance.md). So a call whose file was resolved and opened
// before asks the server at once, about that document, and does its checks while the server
// answers. The checks still decide: the early answer is used only when they land on the same
// document, question and position; otherwise it is dropped and the call asks as it always did.
import type { LspPosition } from './result';

/** What a question is about: the document, the question (an operation, an outline) and where, if anywhere. */
export interface AskedAbout {
  uri: string;
  question: string;
  position?: LspPosition;
}

function sameQuestion(a: AskedAbout, b: AskedAbout): boolean {
  return a.uri === b.uri && a.question === b.question && a.position?.line === b.position?.line && a.position?.character === b.position?.character;
}

export class EarlyAnswer {
  private pending: Promise<unknown> | undefined;

  constructor(
    readonly about: AskedAbout,
    answer: Promise<unknown>,
  ) {
    // Dropped answers fail unseen; a used one fails where the call awaits it.
    answer.catch(() => undefined);
    this.pending = answer;
  }

  /** The early answer, once, when the call's own checks asked the same question; else undefined. */
  take(about: AskedAbout): Promise<unknown> | undefined {
    if (this.pending === undefined || !sameQuestion(this.about, about)) return undefined;
    const answer = this.pending;
    this.pending = undefined;
    return answer;
  }
}

/** The early answer when there is one for this question, else a fresh ask. */
export function earlyOr(early: EarlyAnswer | undefined, about: AskedAbout, ask: () => Promise<unknown>): Promise<unknown> {
  return early?.take(about) ?? ask();
}
