/** docs/providers.openapi.yaml stays the same contract as the zod schemas: paths, error codes, column types, limits. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { COLUMN_TYPES, ERROR_CODES, LIMITS, PROTOCOL_BASE_PATH, PROTOCOL_VERSION } from './wire.js';

const doc = parse(readFileSync(join(process.cwd(), 'docs/providers.openapi.yaml'), 'utf8'));
const schemas = doc.components.schemas;

describe('docs/providers.openapi.yaml', () => {
  it('is OpenAPI 3.1 of bi-provider/1 under the base path', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(PROTOCOL_VERSION);
    expect(doc.servers[0].url.endsWith(PROTOCOL_BASE_PATH)).toBe(true);
    expect(schemas.ProviderInfo.properties.protocol.const).toBe(PROTOCOL_VERSION);
  });
  it('lists the six calls', () => {
    expect(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).filter((k) => k === 'get' || k === 'post').map((m) => `${m.toUpperCase()} ${p}`)).sort()).toEqual(
      ['GET /info', 'GET /programs', 'GET /programs/{typeKey}', 'GET /programs/{typeKey}/rows', 'GET /indicators/tree', 'POST /indicators/values'].sort(),
    );
  });
  it('names the same error codes, column types and bounds as wire.ts', () => {
    expect([...schemas.Error.properties.error.properties.code.enum].sort()).toEqual([...ERROR_CODES].sort());
    expect(schemas.Column.properties.type.enum).toEqual([...COLUMN_TYPES]);
    expect(schemas.RowsPage.properties.rows.maxItems).toBe(LIMITS.maxPageRows);
    expect(schemas.RowsPage.properties.columns.maxItems).toBe(LIMITS.maxColumns);
    expect(schemas.RowsPage.properties.nextCursor.maxLength).toBe(LIMITS.maxCursorLength);
    expect(schemas.IndicatorValuesRequest.properties.targets.maxItems).toBe(LIMITS.maxTargets);
    const limit = doc.paths['/programs/{typeKey}/rows'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ maximum: LIMITS.maxPageRows, default: LIMITS.defaultPageRows });
  });
});
