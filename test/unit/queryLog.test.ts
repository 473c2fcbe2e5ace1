import * as assert from 'node:assert/strict';
import { counted, formatQueryError, formatQueryLine } from '../../src/engine/queryLog';
import { LspToolError } from '../../src/engine/errors';
import { askedAt } from '../../src/tools/lsp/engine';
import { symbolsAsked } from '../../src/tools/lsp_symbols/input';
import { invocationTitle } from '../../src/tools/lsp/input';
import { hierarchyTitle } from '../../src/tools/lsp_hierarchy/input';

describe('query log lines', () => {
  const asked = askedAt({ operation: 'findReferences', file_path: 'src/geometry.ts', line: 3, character: 17 });
  it('names the operation, path, line:character, count, completeness and milliseconds', () => {
    assert.equal(asked, 'findReferences src/geometry.ts:3:17');
    assert.equal(
      formatQueryLine(asked, 12.345, { answer: counted(3, 'location'), completeness: 'complete' }),
      'findReferences src/geometry.ts:3:17 -> 3 locations (complete) in 12.3ms',
    );
    assert.equal(
      formatQueryLine(asked, 12.345, { answer: counted(1, 'location'), completeness: 'partial' }),
      'findReferences src/geometry.ts:3:17 -> 1 location (partial) in 12.3ms',
    );
  });
  it('says whether a hover came back', () => {
    const hover = askedAt({ operation: 'hover', file_path: 'src/geometry.ts', line: 3, character: 17 });
    assert.equal(
      formatQueryLine(hover, 12.345, { answer: 'no hover', completeness: 'complete' }),
      'hover src/geometry.ts:3:17 -> no hover (complete) in 12.3ms',
    );
  });
  it('logs a failure with its coded message', () => {
    const err = new LspToolError('LSP_FILE_NOT_FOUND', 'file_path "nope.ts" does not exist.');
    assert.equal(
      formatQueryError(asked, 12.345, err),
      'findReferences src/geometry.ts:3:17 failed in 12.3ms: LSP_FILE_NOT_FOUND: file_path "nope.ts" does not exist.',
    );
  });
  it('logs malformed input as it came, without throwing', () => {
    assert.equal(askedAt(null), 'undefined undefined:undefined:undefined');
    assert.equal(askedAt({ operation: 7, file_path: ['x'], line: '3', character: 1.5 }), '7 ["x"]:3:1.5');
  });
  it('prints a raw argument one way in log lines and titles (text/written.ts)', () => {
    const bad = { operation: 7, direction: 7, file_path: ['x'], line: { n: 3 }, character: 1.5 };
    assert.equal(askedAt(bad), '7 ["x"]:{"n":3}:1.5');
    assert.equal(invocationTitle(bad), 'LSP 7 ["x"]:{"n":3}:1.5');
    assert.equal(hierarchyTitle(bad), 'LSP 7 ["x"]:{"n":3}:1.5');
  });
  it('names an lsp_symbols call by what it asked, without a position', () => {
    assert.equal(symbolsAsked({ query: ' Square ' }), 'symbols Square');
    assert.equal(symbolsAsked({ file_path: 'src/a.ts' }), 'outline src/a.ts');
    assert.equal(symbolsAsked({ query: 'area', file_path: 'src/a.ts' }), 'symbols area in src/a.ts');
  });
});
