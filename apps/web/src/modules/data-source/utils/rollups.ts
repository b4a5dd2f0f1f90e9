/**
 * Numbers of the source page's rollup list (issue 31) in the reader's units: sizes in kB / MB / GB
 * (never raw bytes), a share as a percent; rows and hits are compact counts (./count.ts).
 */
const UNITS: [number, string][] = [
  [1e9, 'gigabyte'],
  [1e6, 'megabyte'],
  [1e3, 'kilobyte'],
];

export function rollupSize(bytes: number, language: string): string {
  const [scale, unit] = UNITS.find(([s]) => bytes >= s) ?? [1e3, 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(bytes / scale);
}

/** A rollup's rows as a share of its table's (at most 0.1 % precision; under that, "<0.1%"). */
export function rollupShare(rows: number, tableRows: number, language: string): string {
  if (tableRows <= 0) return new Intl.NumberFormat(language, { style: 'percent' }).format(0);
  const share = rows / tableRows;
  const f = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  return share > 0 && share < 0.001 ? `<${f.format(0.001)}` : f.format(share);
}

/** A build's duration in seconds: two significant digits under 10 s (0.042), else whole tenths. */
export function buildSeconds(ms: number, language: string): string {
  const s = ms / 1000;
  return new Intl.NumberFormat(language, s < 10 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 }).format(s);
}
