// A raw argument as the caller wrote it, for titles and log lines: objects as JSON, not "[object Object]".
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
