/** Display-cut limits of names (spec 01 §2, spec 02 §2). */
export const NAME_CUT = {
  folder: 19,
  dashboard: 16,
  dataSource: 20,
  relation: 14,
} as const;

const ELLIPSIS = '...';

/** Width of one character: ASCII counts 1, everything else 2. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x7f ? 1 : 2;
}

/** Display width of a text, non-ASCII characters counting 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/**
 * Cuts a name to a display width of `limit` (non-ASCII counting 2) and appends '...'
 * when it was cut. Names within the limit are returned unchanged.
 */
export function cutName(name: string | null | undefined, limit: number): string {
  const text = name ?? '';
  if (limit <= 0) return text ? ELLIPSIS : '';
  if (displayWidth(text) <= limit) return text;
  let width = 0;
  let out = '';
  for (const char of text) {
    const w = charWidth(char);
    if (width + w > limit) break;
    width += w;
    out += char;
  }
  return out + ELLIPSIS;
}

/** True when cutName would shorten the name (used to decide whether to show a tooltip). */
export function isCut(name: string | null | undefined, limit: number): boolean {
  return displayWidth(name ?? '') > limit;
}
