import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { LspToolError } from '../../src/engine/errors';
import { parseLspArgs } from '../../src/tools/lsp/input';

const base = { operation: 'goToDefinition', file_path: 'a.ts', line: 3, character: 5 };

function rejects(input: unknown, pattern: RegExp): void {
  assert.throws(
    () => parseLspArgs(input),
    (err: unknown) => err instanceof LspToolError && err.code === 'LSP_INVALID_ARGUMENT' && pattern.test(err.message),
  );
}

describe('parseLspArgs (docs/contract.md §2.2)', () => {
  for (const operation of ['goToDefinition', 'findReferences', 'goToImplementation', 'hover']) {
    it(`converts ${operation} (3,5) to zero-based (2,4)`, () => {
      assert.deepEqual(parseLspArgs({ ...base, operation }), { operation, filePath: 'a.ts', position: { line: 2, character: 4 } });
    });
  }
  it('rejects an unknown operation with the schema message', () => {
    rejects(
      { ...base, operation: 'rename' },
      /^LSP_INVALID_ARGUMENT: invalid arguments: "operation" must be one of \["goToDefinition","findReferences","goToImplementation","hover"\]/,
    );
  });
  it('rejects a blank path with the exact message', () => {
    rejects({ ...base, file_path: '   ' }, /^LSP_INVALID_ARGUMENT: file_path must be a non-empty string\./);
  });
  it('passes the path through untrimmed', () => {
    assert.equal(parseLspArgs({ ...base, file_path: ' a.ts ' }).filePath, ' a.ts ');
  });
  for (const line of [0, -1, 1.5]) {
    it(`rejects line ${line}`, () => rejects({ ...base, line }, /^LSP_INVALID_ARGUMENT: line must be a positive integer \(one-based\)/));
  }
  it('rejects character 0', () => {
    rejects({ ...base, character: 0 }, /^LSP_INVALID_ARGUMENT: character must be a positive integer \(one-based\)/);
  });
  it('accepts 2.0 as an integer', () => {
    assert.deepEqual(parseLspArgs({ ...base, line: 2.0 }).position, { line: 1, character: 4 });
  });
  it('rejects NaN and Infinity as non-finite', () => {
    rejects({ ...base, line: Number.NaN }, /"line" must be a finite JSON number/);
    rejects({ ...base, character: Number.POSITIVE_INFINITY }, /"character" must be a finite JSON number/);
  });
  it('lists every missing property', () => {
    rejects(
      {},
      /missing required property "operation"; missing required property "file_path"; missing required property "line"; missing required property "character"/,
    );
  });
  it('rejects wrong types', () => {
    rejects({ ...base, line: '3' }, /"line" must be a number/);
    rejects({ ...base, file_path: 7 }, /"file_path" must be a string/);
    rejects({ ...base, symbol: 7 }, /"symbol" must be a string/);
  });
  it('rejects a non-object', () => {
    rejects(null, /expected an object/);
    rejects([base], /expected an object/);
  });
  it('tolerates extra fields (docs/contract.md §1)', () => {
    assert.equal(parseLspArgs({ ...base, extra: true }).operation, 'goToDefinition');
  });
  it('keeps a trimmed symbol', () => {
    assert.equal(parseLspArgs({ ...base, symbol: ' foo ' }).symbol, 'foo');
    assert.equal(parseLspArgs({ ...base, symbol: '' }).symbol, undefined);
  });
  it('never throws anything but LSP_INVALID_ARGUMENT (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        try {
          parseLspArgs(input);
          return true;
        } catch (err) {
          return err instanceof LspToolError && err.code === 'LSP_INVALID_ARGUMENT' && err.message.startsWith('LSP_INVALID_ARGUMENT: ');
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('accepts every valid input (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('goToDefinition', 'findReferences', 'goToImplementation', 'hover'),
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1, max: 1e9 }),
        (operation, file_path, line, character) => {
          const parsed = parseLspArgs({ operation, file_path, line, character });
          return parsed.position.line === line - 1 && parsed.position.character === character - 1;
        },
      ),
    );
  });
});
