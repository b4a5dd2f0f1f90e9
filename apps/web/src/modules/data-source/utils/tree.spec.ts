import { describe, expect, it } from '@jest/globals';
import { applyDrop, dragId, planDrop } from '../../../shared/folder-tree/utils/drop';
import { filterTree, matchingItems } from '../../../shared/folder-tree/utils/tree';
import type { DataSourceSummary, Project } from '../types';
import { dataSourceTree } from './tree';

const s = (projectId: string, dataSourceId: string, name: string): DataSourceSummary =>
  ({ projectId, dataSourceId, name, type: 8, isReadOnly: false, editable: true }) as DataSourceSummary;
const projects: Project[] = [
  { projectId: 'p1', name: 'Sales', order: 10, dataSources: [s('p1', 'd1', 'Revenue 2026'), s('p1', 'd2', 'Orders')] },
  { projectId: 'p2', name: 'Finance', order: 20, dataSources: [s('p2', 'd3', '区域销售')] },
  { projectId: 'p3', name: 'Empty', order: 30, dataSources: [] },
];

describe('the data-source folder tree', () => {
  it('searches sources by name and lists matches with their folder', () => {
    expect(filterTree(dataSourceTree, projects, 'revenue').map((p) => [p.projectId, p.dataSources.map((x) => x.dataSourceId)])).toEqual([['p1', ['d1']]]);
    expect(matchingItems(dataSourceTree, projects, '销售').map((m) => [m.item.dataSourceId, m.folderName])).toEqual([['d3', 'Finance']]);
  });

  it('a folder dragged above the first gets half its order (the sort call), and the list follows', () => {
    const plan = planDrop(dataSourceTree, projects, dragId('folder', 'p3'), dragId('folder', 'p1'));
    expect(plan).toEqual({ kind: 'folder', id: 'p3', order: 5 });
    expect(applyDrop(dataSourceTree, projects, plan!).map((p) => p.projectId)).toEqual(['p3', 'p1', 'p2']);
  });

  it('a source dropped on another folder moves there (no order); inside its folder nothing happens', () => {
    expect(planDrop(dataSourceTree, projects, dragId('item', 'd2'), dragId('folderRow', 'p2'))).toEqual({ kind: 'item', id: 'd2', moveTo: 'p2', from: 'p1' });
    expect(planDrop(dataSourceTree, projects, dragId('item', 'd2'), dragId('item', 'd1'))).toBeNull();
    const out = applyDrop(dataSourceTree, projects, { kind: 'item', id: 'd2', moveTo: 'p2' });
    expect(out[1]!.dataSources.map((x) => [x.dataSourceId, x.projectId])).toEqual([
      ['d3', 'p2'],
      ['d2', 'p2'],
    ]);
  });
});
