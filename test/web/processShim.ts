// What the browser `assert` and `util` read of Node's `process`, injected by esbuild into the
// web-worker test bundle in place of the global (the worker has none, and the extension under test
// must not see one).
export const process = { env: {} as Record<string, string | undefined>, stderr: undefined };
