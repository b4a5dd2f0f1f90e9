import {
  CONNECTION_DEFAULTS,
  DATABASE_SOURCE_TYPES,
  JOIN_REFERENCE,
  JOIN_SOURCE_TYPE,
  SOURCE_KINDS,
  SOURCE_KIND_REGISTRY,
  SOURCE_MODULES,
  SOURCE_TYPE,
  SOURCE_TYPE_MODULE,
  UPLOAD_REFERENCE,
  connectionFormOf,
  hasConnectionForm,
  isDatabaseSourceType,
  sourceKind,
  sourceKindOfCode,
  sourceKindOfSource,
} from './index.js';

/** The kinds built before the registry; a kind added later must leave what they derive unchanged. */
const KNOWN_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const KNOWN_KINDS = ['sql', 'mysql', 'oracle', 'postgres', 'analytics', 'excel', 'join', 'erpReport', 'indicator', 'indicatorYifei', 'sbep'];
const known = (keys: readonly string[]) => keys.filter((key) => KNOWN_KINDS.includes(key));

describe('source-kind registry', () => {
  it('keeps the type codes of spec 02 §3 and the platform (0, 2, 3, 4, 6, 7, 8, 9)', () => {
    expect(SOURCE_TYPE).toEqual({ sqlServer: 0, mysql: 2, oracle: 3, erpReport: 4, sbep: 6, postgres: 7, analytics: 8, join: 9 });
    expect(JOIN_SOURCE_TYPE).toBe(9);
    expect(JOIN_REFERENCE).toBe('jointable');
  });

  it('tells every kind apart by its code and reference', () => {
    const ids = SOURCE_KINDS.map((key) => `${sourceKind(key).code}/${sourceKind(key).reference ?? ''}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sourceKindOfCode(8)).toBe('analytics');
    expect(sourceKindOfSource({ type: 8, reference: UPLOAD_REFERENCE })).toBe('excel');
    expect(sourceKindOfSource({ type: 8, reference: '' })).toBe('analytics');
    expect(sourceKindOfSource({ type: 9, reference: JOIN_REFERENCE })).toBe('join');
    expect(sourceKindOfCode(9)).toBe('join');
    expect(sourceKindOfCode(4)).toBe('erpReport');
    expect(sourceKindOfCode(42)).toBeNull();
  });

  it('derives the SQL-wizard types, their modules and connection defaults (spec 02 §9)', () => {
    expect(DATABASE_SOURCE_TYPES.filter((t) => KNOWN_CODES.includes(t))).toEqual([0, 2, 3, 7, 8]);
    expect([1, 4, 5, 6, 9, '0', null].some(isDatabaseSourceType)).toBe(false);
    expect(SOURCE_TYPE_MODULE).toMatchObject({ 0: 'sql', 2: 'mysql', 3: 'oracle', 7: 'sql', 8: null });
    expect(CONNECTION_DEFAULTS).toMatchObject({
      0: { port: 1433, userName: 'sa', serverName: '', initialDatabase: '' },
      2: { port: 3306, userName: 'root', serverName: '', initialDatabase: '' },
      3: { port: 1521, userName: '', serverName: 'ORCL', initialDatabase: '' },
      7: { port: 5432, userName: 'postgres', serverName: '', initialDatabase: 'postgres' },
    });
    expect([0, 2, 3, 7].every(hasConnectionForm)).toBe(true);
    expect([8, 9, 4].some(hasConnectionForm)).toBe(false);
    expect([0, 2, 3, 7].map((t) => connectionFormOf(t)?.service)).toEqual([false, false, true, false]);
  });

  it('keeps the module flags of spec 02 §6 in their order; every kind names one of them or none', () => {
    expect(SOURCE_MODULES).toEqual(['e10report', 'sql', 'mysql', 'oracle', 'excel', 'api']);
    for (const key of SOURCE_KINDS) {
      const module = sourceKind(key).module;
      expect(module === null || SOURCE_MODULES.includes(module)).toBe(true);
    }
  });

  it('lets the kinds not built yet change nothing: no engine, no screen, no wizard', () => {
    const planned = SOURCE_KINDS.filter((key) => !sourceKind(key).available);
    // SBEP (6) is built since issue 29 (docs/adr/0017): every kind the spec names is
    expect(known(planned)).toEqual([]);
    for (const key of planned) expect(sourceKind(key)).toMatchObject({ engine: null, connection: null, sqlWizard: false, create: null, edit: null });
  });

  it('reads the rows of uploads and ERP reports from the analytics store, the others live', () => {
    expect(known(SOURCE_KINDS.filter((key) => sourceKind(key).available && SOURCE_KIND_REGISTRY[key].rows === 'synced'))).toEqual(['excel', 'erpReport', 'indicator', 'indicatorYifei', 'sbep']);
    expect(known(SOURCE_KINDS.filter((key) => sourceKind(key).may.append))).toEqual(['excel']);
  });
});
