import { parseDateValue, type DateGranularity } from '../dates.js';
import { QueryError } from '../errors.js';
import { raw, renderSql, sql, type Sql } from '../sql.js';
import { DIALECT_NAMES, dialectFor, type DialectName } from './index.js';

const text = (name: DialectName, s: Sql) => renderSql(s, dialectFor(name).placeholder);
const GRANULARITIES: DateGranularity[] = ['year', 'quarter', 'month', 'week', 'day'];

describe('dialectFor', () => {
  it('has a dialect for every name', () => {
    for (const name of DIALECT_NAMES) expect(dialectFor(name).name).toBe(name);
  });

  it('refuses an unknown name', () => {
    expect(() => dialectFor('sqlite' as DialectName)).toThrow(QueryError);
    expect(() => dialectFor('toString' as DialectName)).toThrow(QueryError);
  });
});

describe.each(DIALECT_NAMES)('%s capabilities', (name) => {
  const d = dialectFor(name);

  it('quotes identifiers, doubling the quote character', () => {
    expect({ plain: d.quoteIdent('amount'), tricky: d.quoteIdent('a"b`c]d'), chinese: d.quoteIdent('金额') }).toMatchSnapshot();
  });

  it('numbers placeholders', () => {
    expect([1, 2, 10].map((i) => d.placeholder(i))).toMatchSnapshot();
  });

  it('truncates dates per granularity', () => {
    expect(Object.fromEntries(GRANULARITIES.map((g) => [g, text(name, d.truncateDate(raw('src.c'), g)).sql]))).toMatchSnapshot();
  });

  it('writes the day of a date as a DATE value (the roll-up key)', () => {
    expect(text(name, d.dayDate(raw('src.c'))).sql).toMatchSnapshot();
  });

  it('limits rows, with and without an offset', () => {
    const parts = { columns: raw('a'), body: raw('FROM t\nORDER BY a'), ordered: true };
    expect({ limit: text(name, d.limit(parts, 10)), page: text(name, d.limit(parts, 10, 20)), unordered: text(name, d.limit({ ...parts, body: raw('FROM t'), ordered: false }, 10, 20)) }).toMatchSnapshot();
  });

  it('aggregates', () => {
    expect(Object.fromEntries((['sum', 'count', 'avg', 'min', 'max', 'countDistinct'] as const).map((a) => [a, text(name, d.aggregate(a, raw('x'))).sql]))).toMatchSnapshot();
    expect(text(name, d.countDistinct(raw('x'))).sql).toBe(text(name, d.aggregate('countDistinct', raw('x'))).sql);
  });

  it('orders with NULL last when asked', () => {
    expect({
      ascLast: text(name, d.orderTerm(raw('x'), 'asc', 'last')).sql,
      descLast: text(name, d.orderTerm(raw('x'), 'desc', 'last')).sql,
      ascNative: text(name, d.orderTerm(raw('x'), 'asc', 'native')).sql,
    }).toMatchSnapshot();
  });

  it('escapes LIKE wildcards and its escape character', () => {
    expect(d.likeEscape).toBe('!');
    expect(d.likePattern('a%b_c!d[e]')).toMatchSnapshot();
    expect(d.likePattern('普通')).toBe('%普通%');
  });

  it('binds values: numbers, strings, dates, booleans — never in the text', () => {
    const v = (s: Sql) => text(name, sql`${s}`);
    const out = {
      int: v(d.numberValue(42)),
      fraction: v(d.numberValue(4.5)),
      big: v(d.numberValue(3_000_000_000)),
      string: v(d.stringValue("it's")),
      date: v(d.dateValue(parseDateValue('2024-02-29')!)),
      datetime: v(d.dateValue(parseDateValue('2024-02-29 23:59:58')!)),
      true: v(d.booleanValue(true)),
      false: v(d.booleanValue(false)),
    };
    for (const r of Object.values(out)) expect(r.params).toHaveLength(1);
    expect(out.string.sql).not.toContain("it's");
    expect(out).toMatchSnapshot();
  });
});
