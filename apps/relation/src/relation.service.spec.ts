import { AppError } from '@bi/core';
import type { relationV1 } from '@bi/proto';
import { checkedNodes, formatterOf } from './relation.service.js';

const R = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const wire = (n: number, parent: number | null, extra: Partial<relationV1.Node> = {}): relationV1.Node => ({
  nodeId: id(n),
  parentId: parent === null ? '' : id(parent),
  name: `N${n}`,
  chartId: '',
  relationSourceId: '',
  isConcatenate: false,
  relationName: '',
  chartType: 0,
  formatterJson: '',
  broken: false,
  ...extra,
});
const keyOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.key : String(e);
  }
  return null;
};

describe('relation service input', () => {
  it('fills a missing formatter with the spec defaults and keeps given fields', () => {
    expect(formatterOf('', 'n')).toEqual({ type: 0, isCustomizeUnit: false, unit: 0, customUnit: '', decimalPlaces: 0, useThousandth: false });
    expect(formatterOf('{"type":2,"decimalPlaces":1}', 'n')).toMatchObject({ type: 2, decimalPlaces: 1, unit: 0 });
  });
  it('refuses a formatter outside its values', () => {
    expect(keyOf(() => formatterOf('{"unit":9}', 'n'))).toBe('request.invalid');
    expect(keyOf(() => formatterOf('{"decimalPlaces":11}', 'n'))).toBe('request.invalid');
    expect(keyOf(() => formatterOf('not json', 'n'))).toBe('request.invalid');
  });
  it('checks the tree rules and answers lower-case ids with the map id on every node', () => {
    const nodes = checkedNodes([wire(1, null, { nodeId: id(1).toUpperCase() }), wire(2, 1, { chartType: 7 })], R);
    expect(nodes.map((n) => [n.nodeId, n.parentId, n.relationId, n.chartType])).toEqual([
      [id(1), null, R, 0],
      [id(2), id(1), R, 0],
    ]);
    expect(keyOf(() => checkedNodes([wire(1, null), wire(2, null)], R))).toBe('relation.two_roots');
    expect(keyOf(() => checkedNodes([wire(1, null), wire(2, 3), wire(3, 2)], R))).toBe('relation.cycle');
    expect(keyOf(() => checkedNodes([wire(1, null, { chartId: 'x'.repeat(65) })], R))).toBe('request.invalid');
  });
});
