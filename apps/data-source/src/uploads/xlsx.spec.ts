import { TextRunGuard } from './xlsx.js';

describe('TextRunGuard (raw XML text between two tags, bounded while a workbook streams)', () => {
  const feed = (pieces: string[], max = 10) => {
    const g = new TextRunGuard(max);
    for (const p of pieces) g.check(p);
  };
  const tooLarge = expect.objectContaining({ key: 'excel.text_too_large', params: { max: 32_767 } });

  it('takes texts up to the bound, however the pieces are cut', () => {
    expect(() => feed(['<c><v>0123456789</v></c><c><v>', '01234', '56789</v>'])).not.toThrow();
    expect(() => feed(['<si><t>', '0123456789', '</t></si>'])).not.toThrow();
  });

  it('refuses a text running past the bound across pieces, before its end arrives', () => {
    expect(() => feed(['<si><t>012345', '6789', 'x'])).toThrow(tooLarge);
    expect(() => feed(['<si><t>0123456', '7890</t>'])).toThrow(tooLarge);
    expect(() => feed(['<t>', 'aaaaaa', 'aaaaaa'])).toThrow(tooLarge);
  });
});
