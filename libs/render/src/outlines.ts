/**
 * Texts drawn as glyph outlines: every `<text>` of an SVG (ECharts' SSR texts, the table's, the
 * dashboard frame's) becomes `<use>`s of glyph paths of the reader's Noto Sans CJK, read with fontkit.
 * resvg draws texts itself only by reading the whole font file for every text (19 MB for Noto Sans
 * CJK: a dashboard's 200 texts took seconds, thx/resvg-js#367); outlines cost a parse per glyph, kept
 * (the font's static data: each glyph's outline and advance, by glyph id and by code point). The font
 * file (about 20 MB, regular or bold) is read only when a text holds a character not met before, and
 * let go (its memory freed at once) when the SVG is done: once a dashboard's characters are known its
 * drawing holds no font file. Anchors (start, middle, end) and the central baseline follow the font's
 * advances and its ascent/descent. Without a CJK font the texts stay texts (resvg's system fonts).
 */
import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { cjkFamily, fontFile } from './fonts.js';
import type { RenderLocale } from './types.js';

interface Outline {
  id: number;
  advance: number;
}

interface LoadedFont {
  key: string;
  locale: RenderLocale;
  bold: boolean;
  /** the font file's fontkit font while an SVG that needs it is outlined (letGo ends it), else null */
  font: Font | null;
  /** the file's bytes under `font` */
  bytes: Buffer | null;
  unitsPerEm: number;
  ascent: number;
  descent: number;
  /** glyph id → its outline's path */
  glyphs: Map<number, string>;
  /** code point → its glyph (the one-to-one mapping of glyphsForString), so a known text needs no font file */
  chars: Map<number, Outline>;
}

const fonts = new Map<string, LoadedFont | null>();

function postscriptName(locale: RenderLocale, bold: boolean): string {
  return `NotoSansCJK${locale === 'zh-TW' ? 'tc' : 'sc'}-${bold ? 'Bold' : 'Regular'}`;
}

function openFont(locale: RenderLocale, bold: boolean): { font: Font; bytes: Buffer } | null {
  const file = fontFile(`${cjkFamily(locale)}${bold ? ':bold' : ''}`, cjkFamily(locale));
  if (!file) return null;
  try {
    const bytes = readFileSync(file);
    const opened = create(bytes, file.toLowerCase().endsWith('.ttc') ? postscriptName(locale, bold) : undefined);
    const font = ('fonts' in opened ? opened.fonts[0] : opened) ?? null;
    return font ? { font, bytes } : null;
  } catch {
    return null;
  }
}

/** The font file of `f`, read again when it was let go (null when it cannot be read). */
function fileFont(f: LoadedFont): Font | null {
  if (!f.font) {
    const opened = openFont(f.locale, f.bold);
    f.font = opened?.font ?? null;
    f.bytes = opened?.bytes ?? null;
  }
  return f.font;
}

/**
 * A font file let go: its bytes are freed now (their ArrayBuffer detached, not left for the collector of a bounded
 * heap), its glyphs and their outlines stay known.
 */
function letGo(f: LoadedFont): void {
  const bytes = f.bytes;
  f.font = null;
  f.bytes = null;
  if (bytes && bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length && !(bytes.buffer instanceof SharedArrayBuffer)) (bytes.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
}

/** The reader's CJK font (regular or bold), or null when fontconfig has none. */
export function outlineFont(locale: RenderLocale, bold: boolean): LoadedFont | null {
  const key = `${locale === 'zh-TW' ? 'tc' : 'sc'}-${bold ? 'b' : 'r'}`;
  if (!fonts.has(key)) {
    const opened = openFont(locale, bold);
    const font = opened?.font;
    fonts.set(key, opened && font ? { key, locale, bold, font, bytes: opened.bytes, unitsPerEm: font.unitsPerEm, ascent: font.ascent, descent: font.descent, glyphs: new Map(), chars: new Map() } : null);
  }
  return fonts.get(key) ?? null;
}

/** Variation selectors: a text holding one is mapped by the font as a whole (glyphsForString), not a code point at a time. */
const SELECTOR = /[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]/;

/** A text's glyphs: from the code points already met, else from the font file (read again when it was let go). */
function glyphsOf(f: LoadedFont, text: string): Outline[] {
  const selector = SELECTOR.test(text);
  if (!selector) {
    const known: Outline[] = [];
    let all = true;
    for (const ch of text) {
      const g = f.chars.get(ch.codePointAt(0)!);
      if (!g) {
        all = false;
        break;
      }
      known.push(g);
    }
    if (all) return known;
  }
  const font = fileFont(f);
  if (!font) return [];
  const glyphs = font.glyphsForString(text);
  if (!selector) {
    let i = 0;
    for (const ch of text) {
      const g = glyphs[i++];
      if (g) f.chars.set(ch.codePointAt(0)!, { id: g.id, advance: g.advanceWidth });
    }
  }
  return glyphs.map((g) => ({ id: g.id, advance: g.advanceWidth }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

const TEXT_ONLY = new Set(['x', 'y', 'dx', 'dy', 'dominant-baseline', 'alignment-baseline', 'text-anchor', 'style', 'font-family', 'font-size', 'font-weight', 'font-style', 'xml:space', 'letter-spacing', 'textLength']);

/** The attributes of a tag: name → value (as written, still escaped). */
function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/\s([\w:-]+)="([^"]*)"/g)) out.set(m[1]!, m[2]!);
  return out;
}

function styleOf(attrs: Map<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (attrs.get('style') ?? '').split(';')) {
    const i = part.indexOf(':');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

const num = (v: string | undefined, fallback = 0) => {
  const n = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(n) ? n : fallback;
};

/** An SVG with its texts as glyph outlines (the same SVG when no CJK font is found). */
export function outlineTexts(svg: string, locale: RenderLocale): string {
  if (!outlineFont(locale, false)) return svg;
  const used = new Map<string, string>();
  const glyphRef = (f: LoadedFont, g: Outline): string => {
    const id = `bi-g-${f.key}-${g.id}`;
    if (!used.has(id)) {
      let d = f.glyphs.get(g.id);
      if (d === undefined) {
        const font = fileFont(f);
        d = font ? font.getGlyph(g.id).path.toSVG() : '';
        f.glyphs.set(g.id, d);
      }
      used.set(id, d);
    }
    return id;
  };
  const out = svg.replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, (whole, rawAttrs: string, content: string) => {
    if (content.includes('<')) return whole; // tspans: left to resvg
    const text = decode(content);
    if (text.trim() === '') return '';
    const attrs = attributes(' ' + rawAttrs);
    const style = styleOf(attrs);
    const size = num(style.get('font-size') ?? attrs.get('font-size'), 12);
    const weight = style.get('font-weight') ?? attrs.get('font-weight') ?? 'normal';
    const bold = weight === 'bold' || weight === 'bolder' || num(weight, 400) >= 600;
    const boldFont = bold ? outlineFont(locale, true) : null;
    const f = boldFont ?? outlineFont(locale, false)!;
    const scale = size / f.unitsPerEm;
    const glyphs = glyphsOf(f, text);
    const width = glyphs.reduce((w, g) => w + g.advance, 0) * scale;
    const anchor = style.get('text-anchor') ?? attrs.get('text-anchor') ?? 'start';
    const dx = anchor === 'middle' ? -width / 2 : anchor === 'end' ? -width : 0;
    const baseline = style.get('dominant-baseline') ?? attrs.get('dominant-baseline') ?? 'alphabetic';
    const { ascent, descent } = f;
    const dy = baseline === 'central' || baseline === 'middle' ? ((ascent + descent) / 2) * scale : baseline === 'hanging' || baseline === 'text-before-edge' || baseline === 'text-top' ? ascent * scale : baseline === 'ideographic' || baseline === 'text-after-edge' || baseline === 'bottom' ? descent * scale : 0;
    const x = num(attrs.get('x')) + dx;
    const y = num(attrs.get('y')) + dy;
    const kept = [...attrs].filter(([k]) => !TEXT_ONLY.has(k)).map(([k, v]) => ` ${k}="${v}"`).join('');
    const fill = attrs.has('fill') || style.has('fill') ? '' : ' fill="#000"';
    let pen = 0;
    const uses: string[] = [];
    for (const g of glyphs) {
      uses.push(`<use href="#${glyphRef(f, g)}" x="${Math.round(pen)}"/>`);
      pen += g.advance;
    }
    return `<g${kept}${fill}><g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})">${uses.join('')}</g></g>`;
  });
  // the font files read for this SVG are let go: their glyphs and outlines stay known
  for (const f of fonts.values()) if (f?.font) letGo(f);
  if (used.size === 0) return out;
  const defs = `<defs>${[...used].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('')}</defs>`;
  return out.replace(/<svg\b[^>]*>/, (open) => open + defs);
}
