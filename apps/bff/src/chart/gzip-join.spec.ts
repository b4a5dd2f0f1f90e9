import { gunzipSync } from 'node:zlib';
import { acceptsGzip, constantPiece, deflatePiece, gzipJoin as joinParts, type Deflated } from './gzip-join.js';

const gzipJoin = (pieces: readonly Deflated[], raw: readonly Buffer[]) => Buffer.concat(joinParts(pieces, raw));

describe('gzip of pieces compressed once', () => {
  it('joins separately compressed pieces into one gzip body that any gunzip reads back', async () => {
    const texts = ['{"status":"success","data":[', JSON.stringify({ a: 'x'.repeat(5000), b: [1, 2, 3] }), ',', JSON.stringify({ 中文: '数据'.repeat(300) }), ']}'];
    const raw = texts.map((t) => Buffer.from(t));
    const pieces = await Promise.all(raw.map(deflatePiece));
    const joined = gzipJoin(pieces, raw);
    expect(gunzipSync(joined).toString('utf8')).toBe(texts.join(''));
    expect(joined.length).toBeLessThan(Buffer.concat(raw).length / 4);
    // one piece: the stored CRC and length
    const one = await deflatePiece(raw[1]!);
    expect(gunzipSync(gzipJoin([one], [raw[1]!])).toString('utf8')).toBe(texts[1]);
    // constant pieces compressed at once fit too
    const c = constantPiece('[');
    expect(gunzipSync(gzipJoin([c, one, constantPiece(']')], [c.bytes, raw[1]!, Buffer.from(']')])).toString('utf8')).toBe(`[${texts[1]}]`);
  });

  it('a wrong CRC is caught by gunzip (the trailer is checked)', async () => {
    const raw = [Buffer.from('abc'), Buffer.from('def')];
    const joined = gzipJoin(await Promise.all(raw.map(deflatePiece)), [raw[0]!, Buffer.from('deX')]);
    expect(() => gunzipSync(joined)).toThrow();
  });

  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
