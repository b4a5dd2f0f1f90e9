import { INPUT_BOUNDS, checkName, excerpt, findTextProblem, hasLineBreak, jsonNesting, textProblem, valueNesting } from './index.js';

describe('storable text (issue 12 #3)', () => {
  it('finds NUL characters and lone surrogates, keeps every other text', () => {
    expect(textProblem('a\u0000b')).toBe('nul');
    expect(textProblem('a\uD800b')).toBe('surrogate');
    expect(textProblem('\uDC00')).toBe('surrogate');
    expect(textProblem('emoji 😀, 中文, tab\t')).toBeNull();
    expect(findTextProblem({ title: 'ok', points: [{ name: 'a' }, { name: 'x\u0000' }] })).toEqual({ path: 'points.1.name', problem: 'nul' });
    expect(findTextProblem({ ['k\uD83D']: 1 })).toEqual({ path: 'k\uFFFD', problem: 'surrogate' });
    expect(findTextProblem({ a: [1, true, null, '😀'] })).toBeNull();
  });

  it('walks deep values without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findTextProblem(deep)?.problem).toBe('nul');
    expect(valueNesting(deep, 64)).toBe(65);
    expect(valueNesting({ a: [{ b: 1 }] })).toBe(3);
    expect(valueNesting('x')).toBe(0);
  });

  it('measures JSON nesting outside strings', () => {
    expect(jsonNesting('{"a":[[1],{"b":"[[[[["}]}')).toBe(3);
    expect(jsonNesting('"\\"[["')).toBe(0);
    expect(jsonNesting('['.repeat(20_000) + ']'.repeat(20_000))).toBe(20_000);
  });

  it('echoes only a short excerpt of an input', () => {
    expect(excerpt('short')).toBe('short');
    const long = excerpt('x'.repeat(80_000));
    expect(long).toBe('x'.repeat(INPUT_BOUNDS.excerptChars) + '…');
    expect(excerpt('a\u0000\nb\uD800')).toBe('a\uFFFD b\uFFFD');
    expect([...excerpt('😀'.repeat(100))].length).toBe(INPUT_BOUNDS.excerptChars + 1);
  });
});

describe('single-line texts (issue 26 #7)', () => {
  it('finds every kind of line break, nothing else', () => {
    for (const s of ['T\r\nBcc: evil@x.zz', 'a\nb', 'a\rb', 'a\u000bb', 'a\u000cb', 'a\u0085b', 'a\u2028b', 'a\u2029b']) expect(hasLineBreak(s)).toBe(true);
    for (const s of ['Revenue', 'a\tb', '销售 额', '😀']) expect(hasLineBreak(s)).toBe(false);
  });

  it('is part of the name rule: inside a name, not at its trimmed ends', () => {
    expect(checkName('Bad\nname')).toBe('line_break');
    expect(checkName('T\r\nBcc: x', 1, 50)).toBe('line_break');
    expect(checkName('Good name\n')).toBeNull();
    expect(checkName('ab\n')).toBe('length');
  });
});
