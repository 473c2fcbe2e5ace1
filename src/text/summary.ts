// "N results in M files": the one plural rule for every view that counts results.
export interface SummaryTemplates {
  /** 1 result in 1 file. */
  one: string;
  /** {0} results in 1 file. */
  oneFile: string;
  /** {0} results in {1} files. */
  many: string;
}

export function summarize(templates: SummaryTemplates, total: number, files: number): string {
  if (total === 1) return templates.one;
  const template = files === 1 ? templates.oneFile : templates.many;
  return template.replace(/\{(\d+)\}/g, (match, index: string) => (index === '0' ? String(total) : index === '1' ? String(files) : match));
}
