import * as assert from 'node:assert/strict';
import { operationFor, parsePrompt } from '../../src/chat/prompt';
import { plainName } from '../../src/engine/normalizeSymbols';
import { classifyPath } from '../../src/workspace/filePath';

describe('parsePrompt', () => {
  it('reads path:line:character', () => {
    assert.deepEqual(parsePrompt(' src/a.ts:3:7 '), { kind: 'position', filePath: 'src/a.ts', line: 3, character: 7 });
    assert.deepEqual(parsePrompt('`C:\\x\\a.ts:3:7`'), { kind: 'position', filePath: 'C:\\x\\a.ts', line: 3, character: 7 });
    assert.deepEqual(parsePrompt('src/a.ts:3'), { kind: 'position', filePath: 'src/a.ts', line: 3, character: 1 });
  });
  it('reads a symbol, keeping the last segment of a dotted name', () => {
    assert.deepEqual(parsePrompt('totalArea'), { kind: 'symbol', name: 'totalArea' });
    assert.deepEqual(parsePrompt('Shape.area'), { kind: 'symbol', name: 'area' });
    assert.deepEqual(parsePrompt('面积'), { kind: 'symbol', name: '面积' });
  });
  it('uses the cursor for an empty prompt and rejects prose', () => {
    assert.deepEqual(parsePrompt('  '), { kind: 'cursor' });
    assert.equal(parsePrompt('what is this?').kind, 'unknown');
  });
  it('maps slash commands to operations, definition by default', () => {
    assert.equal(operationFor('references'), 'findReferences');
    assert.equal(operationFor('implementation'), 'goToImplementation');
    assert.equal(operationFor(undefined), 'goToDefinition');
    assert.equal(operationFor('nonsense'), 'goToDefinition');
  });
});

describe("plainName (a workspace symbol's name without its signature)", () => {
  it('drops a signature from workspace symbol names', () => {
    assert.equal(plainName('totalArea()'), 'totalArea');
    assert.equal(plainName('area(x: number)'), 'area');
    assert.equal(plainName('Shape'), 'Shape');
    assert.equal(plainName('(anonymous)'), '(anonymous)');
  });
  it('trims a name with no signature, and keeps one that is all blanks', () => {
    assert.equal(plainName('  Shape '), 'Shape');
    assert.equal(plainName('area (x) '), 'area');
    assert.equal(plainName('   '), '   ');
  });
});

describe('classifyPath', () => {
  it('tells URIs, absolute and relative paths apart', () => {
    assert.deepEqual(classifyPath('file:///a/b.ts'), { kind: 'uri', uri: 'file:///a/b.ts' });
    assert.deepEqual(classifyPath('untitled:Untitled-1'), { kind: 'uri', uri: 'untitled:Untitled-1' });
    assert.deepEqual(classifyPath('C:\\proj\\a.ts'), { kind: 'absolute', path: '/C:/proj/a.ts' });
    assert.deepEqual(classifyPath('/a/b.ts'), { kind: 'absolute', path: '/a/b.ts' });
    assert.deepEqual(classifyPath('./src//a.ts'), { kind: 'relative', segments: ['src', 'a.ts'] });
  });
});
