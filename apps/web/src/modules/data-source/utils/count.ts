/** A count in the reader's units (1.2万 / 1.2萬 / 1.2M): a synced source's rows, a rollup's rows and hits. */
export function compactCount(n: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
