import type { Granularity } from '@bi/chart-model';

/**
 * The text of a date filter value at a granularity, as the server reads it (@bi/query parseDateValue):
 * a year yyyy, a quarter yyyy-Qn, a month yyyy-MM, a week or a day yyyy-MM-dd (the week holding the day).
 */
export function dateText(year: number, month0: number, day: number, g: Granularity): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (g) {
    case 1:
      return String(year);
    case 2:
      return `${year}-Q${Math.floor(month0 / 3) + 1}`;
    case 3:
      return `${year}-${pad(month0 + 1)}`;
    default:
      return `${year}-${pad(month0 + 1)}-${pad(day)}`;
  }
}

/** A stored date filter text as yyyy-MM-dd of its first day (for the picker), or null when it does not read. */
export function pickerDate(text: unknown): string | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const s = String(text).trim();
  let m = /^(\d{4})$/.exec(s);
  if (m) return `${m[1]}-01-01`;
  m = /^(\d{4})-?Q([1-4])$/i.exec(s);
  if (m) return `${m[1]}-${String((Number(m[2]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  m = /^(\d{4})-(\d{2})$/.exec(s);
  if (m) return `${m[1]}-${m[2]}-01`;
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The picker kind of a granularity (antd DatePicker `picker`). */
export function pickerKind(g: Granularity | undefined): 'year' | 'quarter' | 'month' | 'week' | 'date' {
  return g === 1 ? 'year' : g === 2 ? 'quarter' : g === 3 ? 'month' : g === 4 ? 'week' : 'date';
}
