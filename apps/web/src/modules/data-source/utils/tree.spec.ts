import { describe, expect, it } from '@jest/globals';
import type { Project } from '../types';
import { filterProjects, folderOfSource, matchingSources } from './search';

const s = (projectId: string, dataSourceId: string, name: string) => ({ projectId, dataSourceId, name, type: 2, isReadOnly: false, editable: true, updateTime: '' });
const projects: Project[] = [
  { projectId: 'p1', name: 'Sales', order: 10, dataSources: [s('p1', 'a', 'Revenue 2026'), s('p1', 'b', 'Orders')] },
  { projectId: 'p2', name: 'Revenue folder', order: 20, dataSources: [s('p2', 'c', '区域销售'), s('p2', 'd', 'revenue by day')] },
  { projectId: 'p3', name: 'Empty', order: 30, dataSources: [] },
];

describe('source search', () => {
  it('keeps everything without a query (blanks count as none)', () => {
    expect(filterProjects(projects, '')).toEqual(projects);
    expect(filterProjects(projects, '  ')).toEqual(projects);
    expect(matchingSources(projects, ' ')).toEqual([]);
  });

  it('keeps only folders with matching sources, and only those sources, ignoring case; folder names do not match', () => {
    const out = filterProjects(projects, 'REVENUE');
    expect(out.map((p) => [p.projectId, p.dataSources.map((x) => x.dataSourceId)])).toEqual([
      ['p1', ['a']],
      ['p2', ['d']],
    ]);
    expect(filterProjects(projects, 'folder')).toEqual([]);
  });

  it('matches non-ASCII names and trims the query', () => {
    expect(filterProjects(projects, ' 销售 ').map((p) => p.projectId)).toEqual(['p2']);
  });

  it('does not change its input', () => {
    filterProjects(projects, 'orders');
    expect(projects[0]!.dataSources).toHaveLength(2);
  });

  it('the dropdown lists matches with their folder, in order, up to the limit', () => {
    expect(matchingSources(projects, 'revenue').map((m) => [m.dataSourceId, m.projectName])).toEqual([
      ['a', 'Sales'],
      ['d', 'Revenue folder'],
    ]);
    expect(matchingSources(projects, 'e', 2)).toHaveLength(2);
  });

  it('finds the folder of a source', () => {
    expect(folderOfSource(projects, 'c')?.projectId).toBe('p2');
    expect(folderOfSource(projects, 'zzz')).toBeUndefined();
  });
});
