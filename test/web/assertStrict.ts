// node:assert/strict for the web-worker test bundle: the browser port of Node's assert module.
import assert from 'assert';

export = assert.strict;
