import iconv from 'iconv-lite';
import { CsvParser, detectDelimiter, detectEncoding, isValidUtf8 } from './csv.js';

const parse = (text: string, delimiter = ',', pieces = 1, maxCell?: number) => {
  const p = new CsvParser(delimiter, 'S', maxCell);
  const out: { row: number; cells: string[] }[] = [];
  const size = Math.ceil(text.length / pieces);
  for (let i = 0; i < text.length; i += size) p.push(text.slice(i, i + size), out);
  p.end(out);
  return out;
};

describe('CSV encoding detection', () => {
  it('uses the byte-order mark first', () => {
    expect(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ encoding: 'utf-8', bom: 3 });
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x61, 0]))).toEqual({ encoding: 'utf-16le', bom: 2 });
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0, 0x61]))).toEqual({ encoding: 'utf-16be', bom: 2 });
  });

  it('tells UTF-8 from GB18030 / GBK by UTF-8 validity', () => {
    const text = '日期,客户,金额\n2024-01-01,张三,10\n';
    expect(detectEncoding(Buffer.from(text, 'utf8'))).toEqual({ encoding: 'utf-8', bom: 0 });
    expect(detectEncoding(iconv.encode(text, 'gb18030'))).toEqual({ encoding: 'gb18030', bom: 0 });
    expect(detectEncoding(iconv.encode(text, 'gbk'))).toEqual({ encoding: 'gb18030', bom: 0 });
    expect(detectEncoding(Buffer.from('plain,ascii\n'))).toEqual({ encoding: 'utf-8', bom: 0 });
  });

  it('accepts a sample cut inside a character, and refuses overlong and surrogate forms', () => {
    const bytes = Buffer.from('金额', 'utf8');
    expect(isValidUtf8(bytes.subarray(0, 4))).toBe(true);
    expect(isValidUtf8(bytes.subarray(0, 4), false)).toBe(false);
    expect(isValidUtf8(Buffer.from([0xc0, 0x80]))).toBe(false);
    expect(isValidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(false);
    expect(isValidUtf8(Buffer.from([0xb0, 0xa1]))).toBe(false);
  });
});

describe('CSV delimiter detection', () => {
  it('finds comma, semicolon, tab and pipe from the first lines', () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('a;b;c\n1;2,5;3\n4;5;6\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(detectDelimiter('a|b|c\n1|2|3')).toBe('|');
  });

  it('ignores delimiters inside quotes, and defaults to comma for one column', () => {
    expect(detectDelimiter('name;note\n"x";"a,b,c,d"\n"y";"e,f,g"\n')).toBe(';');
    expect(detectDelimiter('"a,b"\n"c,d"\n')).toBe(',');
    expect(detectDelimiter('single\n1\n2\n')).toBe(',');
  });
});

describe('CSV parser', () => {
  it('reads quoted fields with quotes, delimiters and line breaks inside', () => {
    expect(parse('a,b\n"x, y","say ""hi"""\n"multi\nline",2\n')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['x, y', 'say "hi"'] },
      { row: 3, cells: ['multi\nline', '2'] },
    ]);
  });

  it('counts records, not lines: blank lines are skipped', () => {
    expect(parse('a\n\n\nb\n"x\ny"\nc')).toEqual([
      { row: 1, cells: ['a'] },
      { row: 2, cells: ['b'] },
      { row: 3, cells: ['x\ny'] },
      { row: 4, cells: ['c'] },
    ]);
  });

  it('handles CRLF, CR, a missing final line break and empty fields', () => {
    expect(parse('a,b\r\n1,\r\n,2\r3,4')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1', ''] },
      { row: 3, cells: ['', '2'] },
      { row: 4, cells: ['3', '4'] },
    ]);
    expect(parse('"x",""\n')).toEqual([{ row: 1, cells: ['x', ''] }]);
  });

  it('gives the same rows however the text is cut into pieces', () => {
    const text = 'h1;h2;h3\r\n"a;1";"b ""q""";c\r\n"line\r\nbreak";2;3\r\nlast;x;"y"';
    const whole = parse(text, ';');
    for (const pieces of [2, 3, 7, 13, text.length]) expect(parse(text, ';', pieces)).toEqual(whole);
    expect(whole[2]).toEqual({ row: 3, cells: ['line\r\nbreak', '2', '3'] });
    expect(whole[3].row).toBe(4);
  });

  // issue 12 item 8: a stray quote pulled the rest of the file into one cell (1 row imported, no error)
  it('refuses a quote never closed, naming the line it opened on, however the text is cut', () => {
    const text = 'a,b\r\n1,2\r\n\r\n"multi\r\nline",3\r\n4,"oops\r\n5,6\r\n7,8\r\n';
    for (const pieces of [1, 2, 5, text.length]) {
      expect(() => parse(text, ',', pieces)).toThrow(expect.objectContaining({ key: 'excel.csv_quote_unclosed', params: { sheet: 'S', line: 6, max: 32_767 } }));
    }
    // LF and CR line ends count the same
    expect(() => parse('a\n"x\ny"\n"z\n')).toThrow(expect.objectContaining({ params: expect.objectContaining({ line: 4 }) }));
    expect(() => parse('a\r"x\ry"\r"z\r')).toThrow(expect.objectContaining({ params: expect.objectContaining({ line: 4 }) }));
  });

  it('bounds a cell while reading: a long quoted one as an unclosed quote, a long plain one with its row', () => {
    expect(() => parse('h\n"' + 'x'.repeat(100) + '",1\n', ',', 3, 50)).toThrow(expect.objectContaining({ key: 'excel.csv_quote_unclosed', params: { sheet: 'S', line: 2, max: 50 } }));
    expect(() => parse('h\nok\n\n' + 'y'.repeat(60) + '\n', ',', 4, 50)).toThrow(expect.objectContaining({ key: 'excel.cell_too_large', params: { sheet: 'S', row: 3, max: 50 } }));
    expect(parse('h\n' + 'z'.repeat(50) + '\n', ',', 1, 50)[1].cells[0]).toHaveLength(50);
  });
});
