import * as assert from 'node:assert/strict';
import { askedFields, formatQueryError, formatQueryLine } from '../../src/engine/queryLog';
import { LspToolError } from '../../src/engine/errors';

const loc = (line: number) => ({ uri: 'file:///w/a.ts', range: { start: { line, character: 0 }, end: { line, character: 3 } } });

describe('query log lines', () => {
  const asked = { ...askedFields({ operation: 'findReferences', file_path: 'src/geometry.ts', line: 3, character: 17 }), ms: 12.345 };
  it('names the operation, path, line:character, count, completeness and milliseconds', () => {
    const result = { kind: 'locations' as const, locations: [loc(1), loc(2), loc(3)], resolvedWorkspaceUri: 'file:///w', completeness: 'complete' as const };
    assert.equal(formatQueryLine(asked, result), 'findReferences src/geometry.ts:3:17 -> 3 locations (complete) in 12.3ms');
    assert.equal(formatQueryLine(asked, { ...result, locations: [loc(1)], completeness: 'partial' }), 'findReferences src/geometry.ts:3:17 -> 1 location (partial) in 12.3ms');
  });
  it('says whether a hover came back', () => {
    assert.equal(formatQueryLine({ ...asked, operation: 'hover' }, { kind: 'hover', hover: null, completeness: 'complete' }), 'hover src/geometry.ts:3:17 -> no hover (complete) in 12.3ms');
    assert.equal(formatQueryLine({ ...asked, operation: 'hover' }, { kind: 'hover', hover: { contents: 'x' }, completeness: 'complete' }), 'hover src/geometry.ts:3:17 -> hover (complete) in 12.3ms');
  });
  it('logs a failure with its coded message', () => {
    const err = new LspToolError('LSP_FILE_NOT_FOUND', 'file_path "nope.ts" does not exist.');
    assert.equal(formatQueryError(asked, err), 'findReferences src/geometry.ts:3:17 failed in 12.3ms: LSP_FILE_NOT_FOUND: file_path "nope.ts" does not exist.');
  });
  it('logs malformed input as it came, without throwing', () => {
    assert.deepEqual(askedFields(null), { operation: 'undefined', filePath: 'undefined', line: 'undefined', character: 'undefined' });
    assert.deepEqual(askedFields({ operation: 7, file_path: ['x'], line: '3', character: 1.5 }), { operation: '7', filePath: '["x"]', line: '3', character: '1.5' });
  });
});
