// Keyboard and pointer navigation of the card's row lists (arrows, Home, End, Enter or Space to open,
// one roving tab stop), and Alt+Left / Alt+Right through the history.
export interface RowNavigation {
  /** The rows on screen, in order. */
  rows: () => readonly HTMLElement[];
  open: (row: HTMLElement) => void;
}

function focusRow(rows: readonly HTMLElement[], index: number): void {
  const target = rows[Math.max(0, Math.min(rows.length - 1, index))];
  if (!target) return;
  for (const r of rows) if (r.tabIndex === 0 && r !== target) r.tabIndex = -1;
  target.tabIndex = 0;
  target.focus();
}

export function navigateRows(content: HTMLElement, nav: RowNavigation): void {
  content.addEventListener('click', (e) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>('.row');
    if (!row) return;
    const rows = nav.rows();
    focusRow(rows, rows.indexOf(row));
    nav.open(row);
  });
  content.addEventListener('keydown', (e) => {
    const rows = nav.rows();
    const current = rows.indexOf(document.activeElement as HTMLElement);
    switch (e.key) {
      case 'ArrowDown':
        focusRow(rows, current + 1);
        break;
      case 'ArrowUp':
        focusRow(rows, current <= 0 ? 0 : current - 1);
        break;
      case 'Home':
        focusRow(rows, 0);
        break;
      case 'End':
        focusRow(rows, rows.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (current >= 0) nav.open(rows[current]!);
        break;
      default:
        return;
    }
    e.preventDefault();
  });
}

export function historyKeys(back: HTMLButtonElement, forward: HTMLButtonElement): void {
  document.addEventListener('keydown', (e) => {
    if (e.altKey && e.key === 'ArrowLeft') back.click();
    else if (e.altKey && e.key === 'ArrowRight') forward.click();
  });
}
