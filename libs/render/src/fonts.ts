/**
 * Fonts of the pictures: resvg loads the system fonts (Debian's fonts-noto-cjk, installed by
 * scripts/setup.sh) and draws the generic families in Noto Sans CJK of the reader's script, so Chinese
 * texts are never drawn as empty boxes; Latin texts use the same font's Latin glyphs.
 */
import type { RenderLocale } from './types.js';

/** The family the SVGs name (ECharts' default is sans-serif; the table and the dashboard frame write it too). */
export const FONT_FAMILY = 'sans-serif';

export function cjkFamily(locale: RenderLocale): string {
  return locale === 'zh-TW' ? 'Noto Sans CJK TC' : 'Noto Sans CJK SC';
}

/** resvg's font options for a locale. */
export function fontOptions(locale: RenderLocale) {
  const family = cjkFamily(locale);
  return { loadSystemFonts: true, defaultFontFamily: family, sansSerifFamily: family, serifFamily: family, monospaceFamily: family };
}
