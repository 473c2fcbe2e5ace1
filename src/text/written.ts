// A raw argument as the caller wrote it, the one way titles, log lines and messages print one:
// strings as they are, objects and arrays as JSON (not "[object Object]"), anything else as String.
export function written(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}
