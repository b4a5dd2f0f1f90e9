import { parseExpression } from './index.js';

const FIELDS = ['amount', 'qty', 'order date', '销售额', 'Region'];

describe('calculated-field expressions', () => {
  it('accepts field names, numbers, text, operators and the listed functions', () => {
    const r = parseExpression("ROUND(amount * 1.5, 2) + [order date] - 销售额 / qty + LENGTH(CONCAT(region, 'it''s'))", FIELDS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.fields.sort()).toEqual(['Region', 'amount', 'order date', 'qty', '销售额'].sort());
    expect(r.tokens).toContainEqual({ kind: 'string', value: "it's" });
    expect(r.tokens).toContainEqual({ kind: 'function', name: 'ROUND' });
    expect(r.tokens).toContainEqual({ kind: 'number', text: '1.5' });
  });

  it('refuses everything else', () => {
    const problem = (e: string) => {
      const r = parseExpression(e, FIELDS);
      return r.ok ? null : r.problem;
    };
    expect(problem('')).toEqual({ code: 'empty' });
    expect(problem('amount; DROP TABLE t')).toEqual({ code: 'unexpected', char: ';', position: 7 });
    expect(problem('price * 2')).toEqual({ code: 'unknown_field', name: 'price' });
    expect(problem('pg_sleep(10)')).toEqual({ code: 'unknown_function', name: 'pg_sleep' });
    expect(problem('amount -- qty')).toBeNull(); // two minus signs; rendered with spaces, never a comment
    expect(problem('"amount"')).toEqual({ code: 'unexpected', char: '"', position: 1 });
    expect(problem('(amount')).toEqual({ code: 'unbalanced' });
    expect(problem("'abc")).toEqual({ code: 'unterminated', what: 'string' });
    expect(problem('[order date')).toEqual({ code: 'unterminated', what: 'field' });
    expect(problem('1x')).toEqual({ code: 'unexpected', char: 'x', position: 2 });
    expect(problem('amount % 2')).toEqual({ code: 'unexpected', char: '%', position: 8 });
    expect(problem('a'.repeat(1001))).toEqual({ code: 'too_long', max: 1000 });
  });

  it('refuses operands and operators out of place (issue 12 #5: they never reach the database)', () => {
    const problem = (e: string) => {
      const r = parseExpression(e, FIELDS);
      return r.ok ? null : r.problem;
    };
    expect(problem("' OR '1'='1")).toEqual({ code: 'syntax', token: 2 });
    expect(problem('amount qty')).toEqual({ code: 'syntax', token: 2 });
    expect(problem('amount +')).toEqual({ code: 'syntax', token: 3 });
    expect(problem('* amount')).toEqual({ code: 'syntax', token: 1 });
    expect(problem('amount, qty')).toEqual({ code: 'syntax', token: 2 });
    expect(problem('ROUND(amount,)')).toEqual({ code: 'syntax', token: 5 });
    expect(problem('()')).toEqual({ code: 'syntax', token: 2 });
    expect(problem('-amount * (qty + 1)')).toBeNull();
    expect(problem('COALESCE(NULLIF(amount, 0), -1)')).toBeNull();
    expect(problem('CONCAT(Region, (qty))')).toBeNull();
  });
});
