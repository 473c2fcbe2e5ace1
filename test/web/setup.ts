// First module of the web-worker test bundle: mocha's browser build, with the tdd globals
// (suite, test, ...) defined before any test file runs.
import 'mocha/mocha.js';

mocha.setup({ ui: 'tdd', timeout: 120_000, color: false, reporter: 'spec' });
