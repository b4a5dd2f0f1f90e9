/** Small SVG helpers: escaping and the rasteriser. */
import type { RenderLocale } from './types.js';
import { fontOptions } from './fonts.js';
import { outlineTexts } from './outlines.js';

/** SVG text escaping: the charts' own HTML escaping (the same five characters). */
export { escapeHtml as esc } from '@bi/charts';

/** A whole-number size within bounds (pictures are never empty, never huge). */
export function clampSize(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.min(max, Math.max(min, n));
}

export const MAX_SIDE = 4096;

/** Rasterises an SVG to PNG with resvg (loaded on first use: a process that only writes tables never loads it). */
export async function svgToPng(svg: string, locale: RenderLocale, pixelRatio = 1): Promise<Buffer> {
  return (await rasterise(svg, locale, clampSize(pixelRatio, 1, 3, 1))).asPng();
}

/** resvg's options for an SVG whose texts are outlined already (`drawn`, from outlineTexts). */
function resvgOptions(drawn: string, locale: RenderLocale, ratio: number) {
  const font = /<text\b/.test(drawn) ? fontOptions(locale) : { loadSystemFonts: false };
  return { font, fitTo: ratio === 1 ? ({ mode: 'original' } as const) : ({ mode: 'zoom', value: ratio } as const), textRendering: 1 as const, shapeRendering: 2 as const };
}

/**
 * An SVG drawn by resvg at `ratio` (1–3), its parse and drawing on the thread pool (renderAsync): texts as glyph outlines
 * (outlines.ts), made now in this thread, which is then free to make the next tile's SVG while resvg draws this one
 * (raster.ts); resvg loads the system fonts only for texts left over. The one place resvg is set up, for a PNG (svgToPng)
 * and for a dashboard tile's pixels (raster.ts).
 */
export async function rasterise(svg: string, locale: RenderLocale, ratio: number) {
  const { renderAsync } = await import('@resvg/resvg-js');
  const drawn = outlineTexts(svg, locale);
  return renderAsync(drawn, resvgOptions(drawn, locale, ratio));
}
