/**
 * A picture rasterised in tiles: each tile (a dashboard box, the title strip) is its own small SVG,
 * rasterised by resvg on its own and copied into one RGB picture, which is then written as a PNG
 * (node:zlib, on the thread pool). No tree of the whole picture exists at any time: resvg's memory is
 * one box's tree and pixmap, released with it, and the PNG is encoded from the rows once.
 */
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import { fontOptions } from './fonts.js';
import { outlineTexts } from './outlines.js';
import type { RenderLocale } from './types.js';

/** A tile of a picture: an SVG fragment drawn in the picture's coordinates, over the area x, y, width, height (whole CSS pixels). */
export interface Tile {
  x: number;
  y: number;
  width: number;
  height: number;
  /** SVG elements in the picture's coordinates (made when the tile is drawn); what falls outside the area is left out */
  svg: () => string;
}

const deflateAsync = promisify(deflate);

/** `#rgb` / `#rrggbb` as [r, g, b] (the page colours); anything else as white. */
export function rgbOf(color: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return [255, 255, 255];
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** One tile's RGBA pixels (premultiplied by resvg; opaque here: the tile starts with the page colour). */
async function tilePixels(tile: Tile, background: string, locale: RenderLocale, ratio: number): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  const { x, y, width, height } = tile;
  const svg = `<svg width="${width}" height="${height}" viewBox="${x} ${y} ${width} ${height}" xmlns="http://www.w3.org/2000/svg"><rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${background}"/>${tile.svg()}</svg>`;
  const drawn = outlineTexts(svg, locale);
  const font = /<text\b/.test(drawn) ? fontOptions(locale) : { loadSystemFonts: false };
  const resvg = new Resvg(drawn, { font, fitTo: ratio === 1 ? { mode: 'original' } : { mode: 'zoom', value: ratio }, textRendering: 1, shapeRendering: 2 });
  return resvg.render().pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The picture (width × height CSS pixels, `ratio` pixels per CSS pixel) of its background and tiles,
 * as an RGB PNG. Tiles should not overlap (a later one covers an earlier one where they do).
 */
export async function tilesToPng(width: number, height: number, background: string, tiles: readonly Tile[], locale: RenderLocale, ratio = 1): Promise<Buffer> {
  const W = width * ratio;
  const H = height * ratio;
  const stride = 1 + W * 3;
  // the PNG's scanlines (filter byte, then RGB), first all background
  const lines = Buffer.alloc(stride * H);
  const [br, bg, bb] = rgbOf(background);
  const row = Buffer.alloc(stride);
  for (let i = 1; i < stride; i += 3) {
    row[i] = br;
    row[i + 1] = bg;
    row[i + 2] = bb;
  }
  for (let y = 0; y < H; y++) row.copy(lines, y * stride);
  for (const tile of tiles) {
    const px = await tilePixels(tile, background, locale, ratio);
    const tw = tile.width * ratio;
    const th = tile.height * ratio;
    const x0 = tile.x * ratio;
    const y0 = tile.y * ratio;
    const cols = Math.min(tw, W - x0);
    for (let ty = 0; ty < th; ty++) {
      const y = y0 + ty;
      if (y < 0 || y >= H) continue;
      let o = y * stride + 1 + Math.max(0, x0) * 3;
      for (let tx = Math.max(0, -x0), i = (ty * tw + tx) * 4; tx < cols; tx++, i += 4) {
        lines[o++] = px[i]!;
        lines[o++] = px[i + 1]!;
        lines[o++] = px[i + 2]!;
      }
    }
  }
  // filter "Up" on every line but the first (from the bottom, so each line's upper neighbour is still raw): pictures of
  // plain areas compress to little at a fast zlib level
  for (let y = H - 1; y > 0; y--) {
    const o = y * stride;
    const p = o - stride;
    lines[o] = 2;
    for (let i = 1; i < stride; i++) lines[o + i] = (lines[o + i]! - lines[p + i]!) & 0xff;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = await deflateAsync(lines, { level: 4 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
