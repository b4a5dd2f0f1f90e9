/**
 * Business rules shared by the web app and the services (pure, no I/O), so the browser and the
 * server apply one definition.
 */
import { hasLineBreak } from './text.js';

export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const ALIAS_MIN = 1;
export const ALIAS_MAX = 20;

/** The folder and dashboard named SBEP are reserved: no rename, delete or copy. */
export const RESERVED_NAME = 'SBEP';

/** Display cuts of spec 01 §2 / 02 §9, in width units (non-ASCII counts 2). */
export const DISPLAY_CUT = { folder: 19, dashboard: 16, dataSource: 20, relation: 14 } as const;

/** 'line_break': a CR, LF or other line break inside the name (names are single-line texts). */
export type NameProblem = 'required' | 'length' | 'line_break';

/** Length in characters (code points), so a Chinese name of 3 characters is 3. */
export function charLength(s: string): number {
  return [...s].length;
}

/** Folder, dashboard and source names: required, 3 to 20 characters after trimming, one line. */
export function checkName(name: unknown, min = NAME_MIN, max = NAME_MAX): NameProblem | null {
  if (typeof name !== 'string' || name.trim() === '') return 'required';
  const n = charLength(name.trim());
  if (n < min || n > max) return 'length';
  return hasLineBreak(name.trim()) ? 'line_break' : null;
}

export function isReserved(name: string): boolean {
  return name.trim() === RESERVED_NAME;
}

/** Display width: ASCII characters count 1, others 2. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += ch.charCodeAt(0) < 128 ? 1 : 2;
  return w;
}

/** Cuts a name to at most `limit` width units, adding an ellipsis when something was cut. */
export function cutName(s: string, limit: number): string {
  if (displayWidth(s) <= limit) return s;
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = ch.charCodeAt(0) < 128 ? 1 : 2;
    if (w + cw > limit) break;
    out += ch;
    w += cw;
  }
  return out + '…';
}
