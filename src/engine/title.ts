// A call's title (docs/contract.md §10): raw arguments, exactly as the caller wrote them (bad input included).
export function invocationTitle(input: { operation?: unknown; file_path?: unknown; line?: unknown; character?: unknown } | undefined): string {
  return `LSP ${String(input?.operation)} ${String(input?.file_path)}:${String(input?.line)}:${String(input?.character)}`;
}
