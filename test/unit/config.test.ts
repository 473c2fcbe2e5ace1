import * as assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, validateSettings } from '../../src/engine/settings';

describe('validateSettings', () => {
  it('uses the design defaults', () => {
    assert.deepEqual(
      validateSettings(
        () => undefined,
        () => assert.fail('no warning expected'),
      ),
      {
        maxLocations: 100,
        maxResultChars: 16000,
        timeoutMs: 60000,
        followAlong: true,
        linePreview: true,
        outsideWorkspace: 'ask',
        writingTools: true,
      },
    );
  });
  it('falls back to the default with a warning for each invalid value', () => {
    const bad: Record<string, unknown> = {
      maxLocations: 0,
      maxResultChars: 1.5,
      timeoutMs: 2147483648,
      followAlong: 'yes',
      linePreview: null,
      outsideWorkspace: 'maybe',
    };
    const warnings: string[] = [];
    const settings = validateSettings(
      (k) => bad[k],
      (m) => warnings.push(m),
    );
    assert.deepEqual(settings, { ...DEFAULT_SETTINGS });
    assert.equal(warnings.length, 6);
    assert.match(warnings[2]!, /lspTool\.timeoutMs must be a positive integer no greater than 2147483647/);
  });
  it('accepts valid values', () => {
    const good: Record<string, unknown> = { maxLocations: 1, timeoutMs: 5000, outsideWorkspace: 'deny' };
    const settings = validateSettings(
      (k) => good[k],
      () => assert.fail('no warning expected'),
    );
    assert.equal(settings.maxLocations, 1);
    assert.equal(settings.timeoutMs, 5000);
    assert.equal(settings.outsideWorkspace, 'deny');
  });
});
