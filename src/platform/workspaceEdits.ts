// The engine's WorkspaceEdits over VS Code: a rename's edit from its provider, applied to the
// editor's documents, saved, and put back.
import * as vscode from 'vscode';
import type { FileBefore, ProposedEdit, WorkspaceEdits } from '../engine/ports';
import type { LspPosition } from '../engine/result';
import { fileBytes } from '../workspace/files';
import { parseUri } from '../workspace/parsedUri';

const RENAME_COMMAND = 'vscode.executeDocumentRenameProvider';

function openDocument(uri: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
}

export class VscodeWorkspaceEdits implements WorkspaceEdits {
  async rename(uri: string, position: LspPosition, newName: string): Promise<ProposedEdit | undefined> {
    const file = parseUri(uri);
    // The command fails ("Unexpected type") on a file whose text model is not loaded: it is opened first.
    await vscode.workspace.openTextDocument(file);
    const edit = await vscode.commands.executeCommand<unknown>(RENAME_COMMAND, file, new vscode.Position(position.line, position.character), newName);
    if (!(edit instanceof vscode.WorkspaceEdit)) return undefined;
    const files = edit.entries().map(([target, edits]) => ({
      uri: target.toString(),
      edits: edits.map((e) => ({
        range: { start: { line: e.range.start.line, character: e.range.start.character }, end: { line: e.range.end.line, character: e.range.end.character } },
        newText: e.newText,
      })),
    }));
    return { files, handle: edit };
  }

  unsaved(uris: readonly string[]): string[] {
    return uris.filter((uri) => openDocument(uri)?.isDirty === true);
  }

  async snapshot(uris: readonly string[]): Promise<FileBefore[]> {
    return Promise.all(
      uris.map(async (uri): Promise<FileBefore> => {
        const document = openDocument(uri);
        if (document !== undefined) return { uri, text: document.getText(), dirty: document.isDirty };
        return { uri, text: new TextDecoder().decode(await fileBytes(parseUri(uri))), dirty: false };
      }),
    );
  }

  async apply(edit: ProposedEdit): Promise<boolean> {
    if (!(edit.handle instanceof vscode.WorkspaceEdit)) return false;
    return vscode.workspace.applyEdit(edit.handle);
  }

  /** Saves every file at once (one after the other took 3x as long on rxjs's 29); the files not saved. */
  async save(uris: readonly string[]): Promise<string[]> {
    const saved = await Promise.all(
      uris.map(async (uri) => {
        const document = openDocument(uri) ?? (await vscode.workspace.openTextDocument(parseUri(uri)));
        // save() is false too when the file was saved meanwhile (auto-save): then it is on disk all the same.
        return !document.isDirty || (await document.save()) || !document.isDirty;
      }),
    );
    return uris.filter((_, i) => !saved[i]);
  }

  async restore(before: readonly FileBefore[]): Promise<void> {
    const edit = new vscode.WorkspaceEdit();
    for (const file of before) {
      const document = openDocument(file.uri) ?? (await vscode.workspace.openTextDocument(parseUri(file.uri)));
      if (document.getText() === file.text) continue;
      edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), file.text);
    }
    if (edit.size > 0 && !(await vscode.workspace.applyEdit(edit))) throw new Error('the editor refused to put the files back');
    await this.save(before.filter((file) => !file.dirty).map((file) => file.uri));
  }
}
