// Where each of an edit's changes lands once the edit is applied (pure): a change's new range starts
// where its old one did, moved by the changes before it in the file.
import type { FileTextEdits } from '../../engine/ports';
import type { LspLocation } from '../../engine/result';

/** Each change's range in the text after the edit, in file order and, in each file, in text order. */
export function changedLocations(files: readonly FileTextEdits[]): LspLocation[] {
  return files.flatMap((file) => {
    const edits = [...file.edits].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    let lineShift = 0;
    // On the line where the last change ended: how far the text after it moved.
    let shiftLine = -1;
    let characterShift = 0;
    return edits.map((edit): LspLocation => {
      const { start, end } = edit.range;
      const startCharacter = start.character + (start.line === shiftLine ? characterShift : 0);
      const newLines = edit.newText.split(/\r\n|\r|\n/);
      const newStart = { line: start.line + lineShift, character: startCharacter };
      const lastLength = newLines[newLines.length - 1]!.length;
      const newEnd =
        newLines.length === 1
          ? { line: newStart.line, character: startCharacter + lastLength }
          : { line: newStart.line + newLines.length - 1, character: lastLength };
      // The text after this change: on its end line it now starts at newEnd.
      characterShift = newEnd.character - end.character;
      shiftLine = end.line;
      lineShift += newLines.length - 1 - (end.line - start.line);
      return { uri: file.uri, range: { start: newStart, end: newEnd } };
    });
  });
}
