// "N results in M files", "N related items": the plural rules for every view that counts results.
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

/** "1 related item", "{0} related items": a hierarchy's count. */
export function relatedItems(templates: { one: string; many: string }, count: number): string {
  return count === 1 ? templates.one : templates.many.replace('{0}', String(count));
}
