// Readiness on rxjs's sources, in a window where nothing has loaded the project yet (test/host/suites.mjs):
// the first questions, asked at once, are a findReferences and an incomingCalls whose answers span
// many files. The measured failure mode: right after opening, tsserver returned 12 of 115 references.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HierarchyResult } from '../../src/engine/hierarchyResult';
import type { LspQueryResult } from '../../src/engine/result';
import { activateExtension, measure, query } from './helpers';

const twin = (input: object): Thenable<HierarchyResult> => vscode.commands.executeCommand<HierarchyResult>('lspTool.queryHierarchy', input);

async function lineOf(path: string, prefix: string): Promise<number> {
  const folder = vscode.workspace.workspaceFolders![0]!.uri;
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, ...path.split('/'))));
  const line = text.split('\n').findIndex((l) => l.startsWith(prefix));
  assert.ok(line >= 0, `${prefix} in ${path}`);
  return line + 1;
}

function count(nodes: HierarchyResult['roots'][number]['children']): number {
  return nodes.reduce((n, node) => n + 1 + count(node.children), 0);
}

interface Cold<T> {
  input: Record<string, unknown>;
  result: T;
  ms: number;
}

async function ask<T>(input: Promise<Record<string, unknown>>, run: (input: object) => Thenable<T>, t0: number): Promise<Cold<T>> {
  const i = await input;
  const result = await run(i);
  return { input: i, result, ms: Date.now() - t0 };
}

let started: Promise<{ references: Cold<LspQueryResult>; callers: Cold<HierarchyResult> }> | undefined;
/** Both cold questions at once, begun by whichever test comes first; each test asserts its own. */
function coldStart(): NonNullable<typeof started> {
  if (!started) {
    const t0 = Date.now();
    started = Promise.all([
      ask(
        lineOf('src/internal/Subscription.ts', 'export class Subscription ').then((line) => ({
          operation: 'findReferences',
          file_path: 'src/internal/Subscription.ts',
          line,
          character: 14,
        })),
        query,
        t0,
      ),
      ask(
        lineOf('src/internal/util/lift.ts', 'export function operate').then((line) => ({
          direction: 'incomingCalls',
          file_path: 'src/internal/util/lift.ts',
          line,
          character: 17,
        })),
        twin,
        t0,
      ),
    ]).then(([references, callers]) => ({ references, callers }));
  }
  return started;
}

suite('@rxjs readiness on a real project', () => {
  suiteSetup(activateExtension);

  test('the first findReferences on class Subscription equals the warm answer', async () => {
    const {
      references: { input, result: cold, ms: coldMs },
    } = await coldStart();
    const warmStart = Date.now();
    const warm = await query(input);
    const warmMs = Date.now() - warmStart;
    measure(`rxjs class Subscription findReferences: cold ${coldMs}ms, warm ${warmMs}ms, ${cold.kind === 'locations' ? cold.locations.length : 0} locations`);
    assert.equal(cold.kind, 'locations');
    assert.equal(cold.completeness, 'complete');
    assert.ok(cold.kind === 'locations' && cold.locations.length >= 100, `found ${cold.kind === 'locations' ? cold.locations.length : 0}`);
    assert.deepEqual(cold, warm);
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'src', 'internal', 'Subscription.ts');
    const raw = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeReferenceProvider',
      file,
      new vscode.Position(Number(input.line) - 1, 13),
    );
    assert.equal(raw.length, cold.kind === 'locations' ? cold.locations.length : -1, 'the raw provider agrees once warm');
  });

  test('the first incomingCalls of operate (callers in many files) equals the warm one', async () => {
    const {
      callers: { input, result: cold, ms: coldMs },
    } = await coldStart();
    const warmStart = Date.now();
    const warm = await twin(input);
    const warmMs = Date.now() - warmStart;
    const files = new Set(cold.roots.flatMap((r) => r.children.map((c) => c.item.uri)));
    measure(
      `rxjs operate incomingCalls: cold ${coldMs}ms, warm ${warmMs}ms, ${count(cold.roots[0]?.children ?? [])} callers in ${files.size} files (${cold.completeness})`,
    );
    assert.equal(cold.completeness, 'complete');
    assert.ok(files.size >= 20, `callers in ${files.size} files`);
    assert.deepEqual(cold, warm);
    const deep = await twin({ ...input, depth: 3 });
    measure(`rxjs operate incomingCalls depth 3: ${count(deep.roots[0]!.children)} related items`);
  });

  test('subtypes of Subscription through the implementation provider: the first answer equals the warm one', async () => {
    const input = {
      direction: 'subtypes',
      file_path: 'src/internal/Subscription.ts',
      line: await lineOf('src/internal/Subscription.ts', 'export class Subscription '),
      character: 14,
    };
    const started = Date.now();
    const cold = await twin(input);
    const coldMs = Date.now() - started;
    const warm = await twin(input);
    measure(
      `rxjs Subscription subtypes: cold ${coldMs}ms, ${count(cold.roots[0]?.children ?? [])} subtypes (${cold.completeness}): ${(cold.roots[0]?.children ?? []).map((c) => c.item.name).join(', ')}`,
    );
    assert.equal(cold.completeness, 'complete');
    assert.ok((cold.roots[0]?.children.length ?? 0) >= 5, "Subscriber, Subject subscriptions and the schedulers' actions");
    assert.deepEqual(cold, warm);
  });
});
