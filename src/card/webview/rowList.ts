// A list of result rows on screen, appended in chunks that never block a paint: the first chunk now,
// the rest one task at a time. Rows (not headers) are kept in order for keyboard navigation.
import { el } from './dom';

/** Rows appended per task after the first paint, which shows the first message's rows. */
const CHUNK = 1000;

export class RowList {
  readonly element: HTMLElement;
  readonly rows: HTMLElement[] = [];
  private readonly work: (() => HTMLElement)[] = [];
  private next = 0;
  private appending = false;
  private stopped = false;

  constructor(className: string) {
    this.element = el('div', className);
    this.element.setAttribute('role', 'listbox');
  }

  /** A row: focusable, and opened by click or Enter. */
  queueRow(make: () => HTMLElement): void {
    this.work.push(() => {
      const row = make();
      this.rows.push(row);
      return row;
    });
  }

  /** Anything else in the list (a file's header). */
  queueNode(make: () => HTMLElement): void {
    this.work.push(make);
  }

  /** Appends `size` queued nodes now and the rest in later tasks; more queued meanwhile join them. */
  flush(size = CHUNK): void {
    if (this.stopped) return;
    const fragment = document.createDocumentFragment();
    const end = Math.min(this.work.length, this.next + size);
    for (; this.next < end; this.next++) fragment.appendChild(this.work[this.next]!());
    this.element.appendChild(fragment);
    if (this.rows[0] && !this.rows.some((r) => r.tabIndex === 0)) this.rows[0].tabIndex = 0;
    this.appending = this.next < this.work.length;
    if (this.appending) setTimeout(() => this.flush(), 0);
  }

  /** Rows queued after the list was painted: appended unless a chunk is already on its way. */
  resume(): void {
    if (!this.appending) this.flush();
  }

  /** The list left the screen: no more chunks. */
  stop(): void {
    this.stopped = true;
  }
}
