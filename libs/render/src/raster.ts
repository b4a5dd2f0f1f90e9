/**
 * A picture rasterised in tiles: each tile (a dashboard box, the title strip) is its own small SVG,
 * rasterised by resvg on its own and copied into the rows of one RGB PNG, compressed (node:zlib, on the
 * thread pool) a band of rows at a time. No tree of the whole picture exists at any time, nor its
 * pixels: resvg holds at most AHEAD + 1 boxes' trees and pixmaps (the one being copied and those started
 * ahead of it), the encoder one band of boxes' rows.
 */
import { crc32, createDeflate } from 'node:zlib';
import { rasterise } from './svg.js';
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

/** `#rgb` / `#rrggbb` as [r, g, b] (the page colours); anything else as white. */
export function rgbOf(color: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return [255, 255, 255];
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/**
 * One tile's RGBA pixels (premultiplied by resvg; opaque here: the tile starts with the page colour). The SVG is made
 * and its texts outlined when this is called (in this thread); resvg draws it on the thread pool.
 */
async function tilePixels(tile: Tile, background: string, locale: RenderLocale, ratio: number): Promise<Buffer> {
  const { x, y, width, height } = tile;
  const svg = `<svg width="${width}" height="${height}" viewBox="${x} ${y} ${width} ${height}" xmlns="http://www.w3.org/2000/svg"><rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${background}"/>${tile.svg()}</svg>`;
  return (await rasterise(svg, locale, ratio)).pixels;
}

/** Tiles whose drawing is started ahead of the one being copied: this thread makes the next SVG while resvg draws. */
const AHEAD = 1;

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
 * as an RGB PNG. Tiles should not overlap (a later one covers an earlier one where they do). The rows
 * are compressed as soon as no tile below can reach them (tiles are drawn from the top), so the picture
 * is held a band of boxes at a time, never whole.
 */
export async function tilesToPng(width: number, height: number, background: string, tiles: readonly Tile[], locale: RenderLocale, ratio = 1): Promise<Buffer> {
  const W = width * ratio;
  const H = height * ratio;
  const stride = 1 + W * 3;
  const [br, bg, bb] = rgbOf(background);
  const blank = Buffer.alloc(stride);
  for (let i = 1; i < stride; i += 3) {
    blank[i] = br;
    blank[i + 1] = bg;
    blank[i + 2] = bb;
  }
  const z = createDeflate({ level: 4 });
  const parts: Buffer[] = [];
  z.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    z.on('end', resolve);
    z.on('error', reject);
  });
  // rows [top, top + rows) of scanlines (filter byte, then RGB), not written yet; `above` is the raw row before top
  let top = 0;
  let band = Buffer.alloc(0);
  let above: Buffer | null = null;
  const rowsHeld = () => band.length / stride;
  const reach = (until: number) => {
    const more = Math.min(H, until) - (top + rowsHeld());
    if (more <= 0) return;
    const grown = Buffer.allocUnsafe(band.length + more * stride);
    band.copy(grown);
    for (let o = band.length; o < grown.length; o += stride) blank.copy(grown, o);
    band = grown;
  };
  // rows before `until` filtered ("Up": each byte less the one above it; plain areas compress to little at a fast level) and compressed
  const write = (until: number) => {
    const n = Math.min(Math.min(H, until) - top, rowsHeld());
    if (n <= 0) return;
    const out = Buffer.allocUnsafe(n * stride);
    for (let r = 0; r < n; r++) {
      const o = r * stride;
      const prev = r > 0 ? band.subarray(o - stride, o) : above;
      if (!prev) band.copy(out, o, o, o + stride);
      else {
        out[o] = 2;
        for (let i = 1; i < stride; i++) out[o + i] = (band[o + i]! - prev[i]!) & 0xff;
      }
    }
    above = Buffer.from(band.subarray((n - 1) * stride, n * stride));
    z.write(out);
    band = Buffer.from(band.subarray(n * stride));
    top += n;
  };
  const order = [...tiles].sort((a, b) => a.y - b.y);
  // a tile with no area (zero height or width) or below the picture is never drawn
  const visible = (tile: Tile) => tile.height > 0 && tile.width > 0 && tile.y * ratio < H;
  // tile k's pixels, started (SVG made now, drawn on the thread pool) AHEAD tiles before they are copied
  const started: (Promise<Buffer> | undefined)[] = [];
  let next = 0;
  const startUpTo = (k: number) => {
    for (; next <= Math.min(k, order.length - 1); next++) {
      const p = visible(order[next]!) ? tilePixels(order[next]!, background, locale, ratio) : undefined;
      p?.catch(() => undefined); // awaited below; a failure is thrown there
      started[next] = p;
    }
  };
  for (let k = 0; k < order.length; k++) {
    const tile = order[k]!;
    const tw = tile.width * ratio;
    const th = tile.height * ratio;
    const x0 = tile.x * ratio;
    const y0 = tile.y * ratio;
    startUpTo(k);
    const pending = started[k];
    started[k] = undefined;
    write(y0);
    if (!pending || y0 + th <= top) continue;
    startUpTo(k + AHEAD);
    const px = await pending;
    reach(y0 + th);
    const cols = Math.min(tw, W - x0);
    for (let ty = 0; ty < th; ty++) {
      const y = y0 + ty;
      if (y < top || y >= H) continue;
      let o = (y - top) * stride + 1 + Math.max(0, x0) * 3;
      for (let tx = Math.max(0, -x0), i = (ty * tw + tx) * 4; tx < cols; tx++, i += 4) {
        band[o++] = px[i]!;
        band[o++] = px[i + 1]!;
        band[o++] = px[i + 2]!;
      }
    }
  }
  reach(H);
  write(H);
  z.end();
  await ended;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}
