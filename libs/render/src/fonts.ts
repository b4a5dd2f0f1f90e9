/**
 * Fonts of the pictures: Noto Sans CJK of the reader's script (Debian's fonts-noto-cjk, installed by
 * scripts/setup.sh), found by fontconfig; texts become its glyph outlines (outlines.ts), so Chinese
 * texts are never drawn as empty boxes; Latin texts use the same font's Latin glyphs. Texts left as
 * texts go to resvg with the system fonts and the generic families mapped to the same font.
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

/** The file of a font (a fontconfig pattern: 'Noto Sans CJK SC:bold') as fontconfig finds it (fc-match), or null when it finds another family than `family`. */
export function fontFile(pattern: string, family = pattern): string | null {
  if (!fontFiles.has(pattern)) {
    let file: string | null = null;
    try {
      const found = execFileSync('fc-match', ['-f', '%{family}\n%{file}', pattern], { encoding: 'utf8', timeout: 5000 }).split('\n');
      if (found[0]?.split(',').includes(family) && found[1]) file = found[1];
    } catch {
      file = null;
    }
    fontFiles.set(pattern, file);
  }
  return fontFiles.get(pattern) ?? null;
}

/** pdfkit's font for a locale: the CJK font's file and, in a collection (.ttc), its PostScript name. */
export function pdfFont(locale: RenderLocale): { file: string; name?: string } | null {
  const family = cjkFamily(locale);
  const file = fontFile(family);
  if (!file) return null;
  return file.toLowerCase().endsWith('.ttc') ? { file, name: locale === 'zh-TW' ? 'NotoSansCJKtc-Regular' : 'NotoSansCJKsc-Regular' } : { file };
}
