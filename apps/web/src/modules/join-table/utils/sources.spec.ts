import { describe, expect, it } from '@jest/globals';
import { filterProjects } from './sources';

const projects = [
  { projectId: 'a', name: 'Sales', dataSources: [{ dataSourceId: '1', name: 'Orders', type: 8, store: 'analytics' }, { dataSourceId: '2', name: 'Managers', type: 8, store: 'analytics' }] },
  { projectId: 'b', name: 'Empty', dataSources: [] },
  { projectId: 'c', name: 'HR', dataSources: [{ dataSourceId: '3', name: 'order lines', type: 2, store: 'connection:ab' }] },
];

describe('worksheet list', () => {
  it('groups by folder, leaves out empty folders, and searches names ignoring case', () => {
    expect(filterProjects(projects, '').map((p) => p.projectId)).toEqual(['a', 'c']);
    expect(filterProjects(projects, ' ORDER ').map((p) => p.dataSources.map((s) => s.dataSourceId))).toEqual([['1'], ['3']]);
    expect(filterProjects(projects, 'nothing')).toEqual([]);
  });
});
