// The files recent answers showed previews from, by question (pure). A warm question asked again
// reads them while the server answers, so that the check each preview needs (a stat per file, that
// a file edited by another program never shows an old line) is not paid after the answer is back:
// on answers spanning many files those checks were most of the tool's own time (docs/performance.md).

import { keepNewest } from './keptMap';

/** Questions kept: more than an agent asks again in a while. */
const LIMIT = 32;

export class AnswerFiles {
  private readonly files = new Map<string, readonly string[]>();

  /** The files the last answer to `question` showed previews from. */
  get(question: string): readonly string[] | undefined {
    return this.files.get(question);
  }

  set(question: string, uris: readonly string[]): void {
    keepNewest(this.files, question, uris, LIMIT);
  }
}
