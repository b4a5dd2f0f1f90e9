/** The part of fontkit (2.x, no types of its own) the glyph outlines use. */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    glyphsForString(text: string): Glyph[];
    getGlyph(id: number): Glyph;
  }
  export function openSync(path: string, postscriptName?: string): Font | { fonts: Font[] };
  export function create(buffer: Buffer, postscriptName?: string): Font | { fonts: Font[] };
}
