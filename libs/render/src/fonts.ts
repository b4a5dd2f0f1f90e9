/**
 * Fonts of the pictures: resvg loads the system fonts (Debian's fonts-noto-cjk, installed by
 * scripts/setup.sh) and draws the generic families in Noto Sans CJK of the reader's script, so Chinese
 * texts are never drawn as empty boxes; Latin texts use the same font's Latin glyphs.
 */
import { execFileSync } from 'node:child_process';
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

const fontFiles = new Map<string, string | null>();

/** The file of a font family as fontconfig finds it (fc-match), or null when fontconfig has none of it. */
export function fontFile(family: string): string | null {
  if (!fontFiles.has(family)) {
    let file: string | null = null;
    try {
      const found = execFileSync('fc-match', ['-f', '%{family}\n%{file}', family], { encoding: 'utf8', timeout: 5000 }).split('\n');
      if (found[0]?.split(',').includes(family) && found[1]) file = found[1];
    } catch {
      file = null;
    }
    fontFiles.set(family, file);
  }
  return fontFiles.get(family) ?? null;
}

/** pdfkit's font for a locale: the CJK font's file and, in a collection (.ttc), its PostScript name. */
export function pdfFont(locale: RenderLocale): { file: string; name?: string } | null {
  const family = cjkFamily(locale);
  const file = fontFile(family);
  if (!file) return null;
  return file.toLowerCase().endsWith('.ttc') ? { file, name: locale === 'zh-TW' ? 'NotoSansCJKtc-Regular' : 'NotoSansCJKsc-Regular' } : { file };
}
