/**
 * Text boxes of a server-side ECharts SVG, for the overlap checks of the render tests: each <text>'s
 * position (x, y, transform), anchor, baseline and font size give its box, its length the width (as
 * ECharts measured it on the server); rotated labels are boxes turned with them (compared by separating axes, not by their bounds).
 */
import { GRID } from '@bi/rules';
import { DEFAULT_TEXT_WIDTH_MAP } from 'zrender/lib/core/platform.js';

/** The width ECharts measured a text with on the server (zrender's table of Arial widths; other characters one em). */
function measured(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += DEFAULT_TEXT_WIDTH_MAP[ch] ?? 1;
  return em * fontSize;
}

export interface TextBox {
  text: string;
  /** the corners, clockwise */
  corners: [number, number][];
}

const unescape = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The rectangles of the clip paths ECharts writes (a scrolled legend's window): `M0 0l w 0l0 h…` moved by a translate. */
function clipRects(svg: string): Map<string, Rect> {
  const rects = new Map<string, Rect>();
  for (const m of svg.matchAll(/<clipPath id="([^"]+)">\s*<path d="M([-\d.]+) ([-\d.]+)l([-\d.]+) 0l0 ([-\d.]+)[^"]*"(?: transform="translate\(([-\d.]+) ([-\d.]+)\)")?/g)) {
    const [x, y, w, h, tx, ty] = [m[2], m[3], m[4], m[5], m[6] ?? '0', m[7] ?? '0'].map(Number) as [number, number, number, number, number, number];
    rects.set(m[1]!, { x0: x + tx, y0: y + ty, x1: x + tx + w, y1: y + ty + h });
  }
  return rects;
}

/** Texts with their boxes; a text in a clipped group (a scrolled legend) keeps its visible part only. */
export function textBoxes(svg: string): TextBox[] {
  const boxes: TextBox[] = [];
  const clips = clipRects(svg);
  // the clip of each text: the innermost clipped <g> around it
  const clipAt: { at: number; rect: Rect | null }[] = [];
  const stack: (Rect | null)[] = [];
  for (const m of svg.matchAll(/<g(?:\s[^>]*)?>|<\/g>|<text/g)) {
    if (m[0] === '</g>') stack.pop();
    else if (m[0] === '<text') clipAt.push({ at: m.index!, rect: [...stack].reverse().find((r) => r !== null) ?? null });
    else {
      const id = /clip-path="url\(#([^)]+)\)"/.exec(m[0])?.[1];
      stack.push(id ? (clips.get(id) ?? null) : null);
    }
  }
  for (const m of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
    const clip = clipAt.find((c) => c.at === m.index)?.rect ?? null;
    const attrs = m[1]!;
    const text = unescape(m[2]!);
    if (text.trim() === '') continue;
    const attr = (name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];
    const fontSize = Number(/font-size:\s*([\d.]+)px/.exec(attrs)?.[1] ?? 12);
    const x = Number(attr('x') ?? 0);
    const y = Number(attr('y') ?? 0);
    const anchor = attr('text-anchor') ?? 'start';
    const baseline = attr('dominant-baseline') ?? 'alphabetic';
    const transform = attr('transform') ?? '';
    let [a, b, c, d, e, f] = [1, 0, 0, 1, 0, 0];
    const t = /translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)/.exec(transform);
    const mx = /matrix\(([^)]*)\)/.exec(transform);
    if (mx) [a, b, c, d, e, f] = mx[1]!.split(/[ ,]+/).map(Number) as [number, number, number, number, number, number];
    else if (t) [e, f] = [Number(t[1]), Number(t[2])];
    const w = measured(text, fontSize);
    const x0 = x - (anchor === 'middle' ? w / 2 : anchor === 'end' ? w : 0);
    const y0 = baseline === 'central' || baseline === 'middle' ? y - fontSize / 2 : baseline === 'hanging' ? y : y - fontSize * 0.85;
    // shrink by half a pixel: touching edges do not overlap
    const local: [number, number][] = [
      [x0 + 0.5, y0 + 0.5],
      [x0 + w - 0.5, y0 + 0.5],
      [x0 + w - 0.5, y0 + fontSize - 0.5],
      [x0 + 0.5, y0 + fontSize - 0.5],
    ];
    let corners: [number, number][] = local.map(([px, py]) => [a * px + c * py + e, b * px + d * py + f]);
    if (clip) {
      const xs = corners.map((p) => p[0]);
      const ys = corners.map((p) => p[1]);
      const r = { x0: Math.max(clip.x0, Math.min(...xs)), y0: Math.max(clip.y0, Math.min(...ys)), x1: Math.min(clip.x1, Math.max(...xs)), y1: Math.min(clip.y1, Math.max(...ys)) };
      if (r.x1 <= r.x0 || r.y1 <= r.y0) continue;
      corners = [
        [r.x0, r.y0],
        [r.x1, r.y0],
        [r.x1, r.y1],
        [r.x0, r.y1],
      ];
    }
    boxes.push({ text, corners });
  }
  return boxes;
}

function project(corners: [number, number][], ax: number, ay: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const [x, y] of corners) {
    const p = x * ax + y * ay;
    if (p < lo) lo = p;
    if (p > hi) hi = p;
  }
  return [lo, hi];
}

/** Two (possibly rotated) rectangles overlap when no edge direction separates them. */
export function overlap(p: TextBox, q: TextBox): boolean {
  for (const poly of [p.corners, q.corners]) {
    for (let i = 0; i < 2; i++) {
      const [x1, y1] = poly[i]!;
      const [x2, y2] = poly[i + 1]!;
      const [ax, ay] = [y1 - y2, x2 - x1];
      const [plo, phi] = project(p.corners, ax, ay);
      const [qlo, qhi] = project(q.corners, ax, ay);
      if (phi <= qlo || qhi <= plo) return false;
    }
  }
  return true;
}

/** Every pair of texts that overlap, as 'a ⨯ b'. */
export function overlaps(svg: string): string[] {
  const boxes = textBoxes(svg);
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (overlap(boxes[i]!, boxes[j]!)) out.push(`${boxes[i]!.text} ⨯ ${boxes[j]!.text}`);
  return out;
}

/** Texts that leave the picture. */
export function outside(svg: string, width: number, height: number): string[] {
  return textBoxes(svg)
    .filter((b) => b.corners.some(([x, y]) => x < -1 || y < -1 || x > width + 1 || y > height + 1))
    .map((b) => b.text);
}

/**
 * The pixel size of a chart drawn in a dashboard box of sizeX × sizeY grid cells (react-grid-layout:
 * GRID columns, row height and margins, the margin as container padding), under the box's 37 px title
 * bar, in a grid `containerWidth` wide (1,160 px: a 1440 × 900 window beside the dashboard sidebar).
 */
export function boxPixels(sizeX: number, sizeY: number, containerWidth = 1160): { width: number; height: number } {
  const colWidth = (containerWidth - GRID.margin * (GRID.cols - 1) - 2 * GRID.margin) / GRID.cols;
  const width = Math.floor(colWidth * sizeX + GRID.margin * (sizeX - 1));
  const height = Math.floor(GRID.rowHeight * sizeY + GRID.margin * (sizeY - 1)) - 37;
  return { width, height };
}
