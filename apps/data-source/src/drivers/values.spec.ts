import { clickhouseDataType, clickhouseIsDateOnly, duckdbDataType, formatDate, mssqlDataType, mysqlDataType, normalizeValue, numberFromText, oracleDataType, pgDataType, trimDateText } from './values.js';

describe('column types → field types', () => {
  it('maps PostgreSQL, MySQL, SQL Server, Oracle and DuckDB types to string / number / date', () => {
    expect([20, 21, 23, 700, 701, 1700, 1082, 1114, 1184, 25, 1043, 16, 1083, 3802].map(pgDataType)).toEqual([
      'number', 'number', 'number', 'number', 'number', 'number', 'date', 'date', 'date', 'string', 'string', 'string', 'string', 'string',
    ]);
    // DECIMAL, TINY, LONGLONG, DOUBLE, YEAR, NEWDECIMAL | DATE, DATETIME, TIMESTAMP | VAR_STRING, TIME, BIT, JSON/BLOB
    expect([0, 1, 8, 5, 13, 246, 10, 12, 7, 253, 11, 16, 252].map(mysqlDataType)).toEqual([
      'number', 'number', 'number', 'number', 'number', 'number', 'date', 'date', 'date', 'string', 'string', 'string', 'string',
    ]);
    expect(['int', 'BigInt', 'decimal', 'money', 'float', 'date', 'datetime2', 'datetimeoffset', 'nvarchar', 'time', 'bit', 'uniqueidentifier'].map(mssqlDataType)).toEqual([
      'number', 'number', 'number', 'number', 'number', 'date', 'date', 'date', 'string', 'string', 'string', 'string',
    ]);
    expect(['NUMBER', 'BINARY_DOUBLE', 'DATE', 'TIMESTAMP WITH TIME ZONE', 'VARCHAR2', 'CLOB', 'RAW'].map(oracleDataType)).toEqual(['number', 'number', 'date', 'date', 'string', 'string', 'string']);
    expect(['BIGINT', 'HUGEINT', 'DECIMAL', 'DOUBLE', 'DATE', 'TIMESTAMP_TZ', 'VARCHAR', 'BOOLEAN', 'LIST'].map(duckdbDataType)).toEqual([
      'number', 'number', 'number', 'number', 'date', 'date', 'string', 'string', 'string',
    ]);
  });
});

describe('row values → JSON', () => {
  it('turns BigInt counts and decimal text into numbers only when exact', () => {
    expect(normalizeValue(10n, 'number')).toBe(10);
    expect(normalizeValue(2n ** 60n, 'number')).toBe('1152921504606846976');
    expect(normalizeValue('12.50', 'number')).toBe(12.5);
    expect(normalizeValue('-0.001', 'number')).toBe(-0.001);
    expect(numberFromText('12345678901234567890.5')).toBe('12345678901234567890.5');
    expect(numberFromText('abc')).toBe('abc');
    expect(normalizeValue(Number.NaN, 'number')).toBe('NaN');
  });

  it('writes dates as yyyy-MM-dd[ HH:mm:ss] in the database time, without zone shifts', () => {
    expect(normalizeValue(new Date('2024-03-05T07:08:09.123Z'), 'date')).toBe('2024-03-05 07:08:09');
    expect(normalizeValue(new Date('2024-03-05T00:00:00Z'), 'date', { dateOnly: true })).toBe('2024-03-05');
    expect(formatDate(new Date(2024, 0, 2, 3, 4, 5), false, 'local')).toBe('2024-01-02 03:04:05');
    expect(normalizeValue('2024-01-02 10:11:12.345+08', 'date')).toBe('2024-01-02 10:11:12');
    expect(normalizeValue('2024-01-02', 'date', { dateOnly: true })).toBe('2024-01-02');
    expect(trimDateText('2024-01-02T10:11:12')).toBe('2024-01-02 10:11:12');
  });

  it('keeps text, booleans and nulls, and shows bytes and objects as text', () => {
    expect(normalizeValue('中文', 'string')).toBe('中文');
    expect(normalizeValue(true, 'string')).toBe(true);
    expect(normalizeValue(undefined, 'string')).toBeNull();
    expect(normalizeValue(Buffer.from([1, 255]), 'string')).toBe('0x01ff');
    expect(normalizeValue(Buffer.alloc(70), 'string')).toBe('0x' + '00'.repeat(64) + '…');
    expect(normalizeValue({ a: 1n }, 'string')).toBe('{"a":"1"}');
  });
});

describe('ClickHouse column types (issue 34)', () => {
  it('maps numbers, dates and text through Nullable(…) and LowCardinality(…)', () => {
    const types = ['UInt64', 'Nullable(Int32)', 'Float64', 'Decimal(12, 2)', 'Decimal64(4)', 'Date', 'Date32', "DateTime('Asia/Shanghai')", 'Nullable(DateTime64(3))', 'String', 'LowCardinality(Nullable(String))', 'Bool', 'UUID', 'Array(Int32)', 'Int256'];
    expect(Object.fromEntries(types.map((t) => [t, clickhouseDataType(t)]))).toEqual({
      UInt64: 'number',
      'Nullable(Int32)': 'number',
      Float64: 'number',
      'Decimal(12, 2)': 'number',
      'Decimal64(4)': 'number',
      Date: 'date',
      Date32: 'date',
      "DateTime('Asia/Shanghai')": 'date',
      'Nullable(DateTime64(3))': 'date',
      String: 'string',
      'LowCardinality(Nullable(String))': 'string',
      Bool: 'string',
      UUID: 'string',
      'Array(Int32)': 'string',
      Int256: 'number',
    });
    expect(['Date', 'Nullable(Date32)', 'DateTime', 'DateTime64(3)'].map(clickhouseIsDateOnly)).toEqual([true, true, false, false]);
  });
});
