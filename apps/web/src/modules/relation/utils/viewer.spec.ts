import { describe, expect, it } from '@jest/globals';
import type { RelationOptionNode } from '../types';
import { dataNodeId, dressOption, nodeTooltip, nodeValueText, TB_FLAT_LEAVES, VIEWER_COLORS, type ViewerTexts } from './viewer';

const texts: ViewerTexts = { state: { empty: 'No chart', broken: 'Chart deleted', noPermission: 'No permission' }, chart: 'Chart', value: 'Value', noValue: 'No value' };
const node = (nodeId: string, parentId: string | null, extra: Partial<RelationOptionNode> = {}): RelationOptionNode => ({
  nodeId,
  parentId,
  name: `n-${nodeId}`,
  chartId: `c-${nodeId}`,
  chartName: `Chart ${nodeId}`,
  dashboardId: 'd',
  state: 'ok',
  value: 10,
  text: '10',
  ...extra,
});
type Json = Record<string, any>;

describe('relation viewer option', () => {
  it('says why a node has no value, in the reader words', () => {
    expect(nodeValueText(node('a', null), texts)).toBe('10');
    expect(nodeValueText(node('a', null, { state: 'broken', text: '-' }), texts)).toBe('Chart deleted');
    expect(nodeValueText(node('a', null, { state: 'noPermission' }), texts)).toBe('No permission');
    expect(nodeValueText(node('a', null, { text: '-' }), texts)).toBe('No value');
    expect(nodeValueText(node('a', null, { error: 'failed' }), texts)).toBe('No value');
  });

  it('tooltips name, value and chart, escaped', () => {
    expect(nodeTooltip(node('a', null, { name: '<b>', text: '1.2K', chartName: 'A&B' }), texts)).toBe('<strong>&lt;b&gt;</strong><br/>Value: 1.2K<br/>Chart: A&amp;B');
  });

  it('dresses a force graph: every item coloured by state, labels from the nodes, roam', () => {
    const nodes = [node('r', null), node('b', 'r', { state: 'broken' }), node('p', 'r', { state: 'noPermission' })];
    const option = { series: [{ type: 'graph', data: nodes.map((n) => ({ id: n.nodeId, name: n.name })), links: [] }] };
    const out = dressOption({ option, nodes, layout: 0, texts, colors: VIEWER_COLORS.light }) as Json;
    const series = out.series[0];
    expect(series).toMatchObject({ type: 'graph', layout: 'force', roam: true });
    expect(series.data.map((d: Json) => d.itemStyle.color)).toEqual([VIEWER_COLORS.light.root, VIEWER_COLORS.light.broken, VIEWER_COLORS.light.muted]);
    expect(series.data[1].itemStyle.borderType).toBe('dashed');
    expect(series.label.formatter({ data: { id: 'b' } })).toBe('{name|n-b}\n{value|Chart deleted}');
    expect(out.tooltip.formatter({ data: { id: 'r' } })).toContain('Chart r');
    expect(out.tooltip.formatter({ dataType: 'edge', data: {} })).toBe('');
  });

  it('dresses trees: nested items, margins for the end labels, crowded top-bottom leaves turned downwards', () => {
    const kids = Array.from({ length: TB_FLAT_LEAVES + 1 }, (_, i) => node(`k${i}`, 'r'));
    const nodes = [node('r', null, { name: 'a{b}' }), ...kids];
    const option = { series: [{ type: 'tree', data: [{ id: 'r', children: kids.map((k) => ({ id: k.nodeId, children: [] })) }] }] };
    const tb = (dressOption({ option, nodes, layout: 1, texts, colors: VIEWER_COLORS.dark }) as Json).series[0];
    expect(tb).toMatchObject({ type: 'tree', orient: 'TB' });
    expect(tb.leaves.label.rotate).toBe(-90);
    expect(tb.data[0].children).toHaveLength(kids.length);
    expect(tb.data[0].children[0].itemStyle.color).toBe(VIEWER_COLORS.dark.ok);
    expect(tb.label.formatter({ data: { id: 'r' } })).toBe('{name|a（b）}\n{value|10}');
    const lr = (dressOption({ option, nodes: nodes.slice(0, 3), layout: 2, texts, colors: VIEWER_COLORS.light }) as Json).series[0];
    expect(lr).toMatchObject({ orient: 'LR', left: 170, right: 200 });
    expect(lr.leaves.label.rotate).toBeUndefined();
  });

  it('reads node ids of data items', () => {
    expect(dataNodeId({ id: 'x' })).toBe('x');
    expect(dataNodeId({ nodeId: 'y' })).toBe('y');
    expect(dataNodeId('z')).toBeUndefined();
  });
});
