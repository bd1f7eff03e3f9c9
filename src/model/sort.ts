// The order of a listing: `started`, `duration`, `status` or `id`, ascending or descending
// (`duration:asc`). Rows without the value sort last either way; ties keep their order. Pure.
import type { DeploymentView } from './deployment.js';
import { durationOf } from './duration.js';

export const SORT_FIELDS = ['started', 'duration', 'status', 'id'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface SortOrder {
  readonly field: SortField;
  readonly desc: boolean;
}

/** The service's own order: newest first. */
export const DEFAULT_SORT: SortOrder = { field: 'started', desc: true };

/** `started`, `duration:asc`, `id:desc`; a field alone is descending. Null when the text is none of these. */
export function sortOfText(text: string): SortOrder | null {
  const m = /^([a-z]+)(?::(asc|desc))?$/.exec(text.trim().toLowerCase());
  if (!m || !(SORT_FIELDS as readonly string[]).includes(m[1]!)) return null;
  return { field: m[1] as SortField, desc: m[2] !== 'asc' };
}

export const SORT_HELP = `${SORT_FIELDS.join(', ')}, with :asc or :desc (default desc)`;

export function isDefaultSort(order: SortOrder): boolean {
  return order.field === DEFAULT_SORT.field && order.desc === DEFAULT_SORT.desc;
}

function keyOf(view: DeploymentView, field: SortField, now: number): number | string | null {
  switch (field) {
    case 'started':
      return view.startedAt;
    case 'duration':
      return durationOf(view, now).ms;
    case 'status':
      return view.phase;
    case 'id':
      return view.id;
  }
}

/** A sorted copy (the input is left as it is). */
export function sortViews<T extends DeploymentView>(views: readonly T[], order: SortOrder, now: number): T[] {
  return sortBy(views, (v) => v, order, now);
}

/** Items sorted by the deployment each holds: a sorted copy. */
export function sortBy<T>(items: readonly T[], viewOf: (item: T) => DeploymentView, order: SortOrder, now: number): T[] {
  const keyed = items.map((item, i) => ({ item, i, key: keyOf(viewOf(item), order.field, now) }));
  const sign = order.desc ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? a.i - b.i : a.key === null ? 1 : -1;
    const d = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return d === 0 ? a.i - b.i : d * sign;
  });
  return keyed.map((k) => k.item);
}

/** The next field for the TUI's sort key: started → duration → status → id → started. */
export function nextSortField(field: SortField): SortField {
  return SORT_FIELDS[(SORT_FIELDS.indexOf(field) + 1) % SORT_FIELDS.length]!;
}
