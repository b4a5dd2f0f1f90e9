import { describe, expect, it } from '@jest/globals';
import type { Project } from '../types';
import { filterProjects } from './search';

const d = (projectId: string, dashboardId: string, name: string, order: number) => ({ projectId, dashboardId, name, description: '', order });
const projects: Project[] = [
  { projectId: 'p1', name: 'Sales', order: 10, dashboards: [d('p1', 'd1', 'Revenue 2026', 10), d('p1', 'd2', 'Orders', 20)] },
  { projectId: 'p2', name: 'Revenue folder', order: 20, dashboards: [d('p2', 'd3', '区域销售', 10)] },
  { projectId: 'p3', name: 'Empty', order: 30, dashboards: [] },
];

describe('filterProjects', () => {
  it('keeps everything without a query (blanks count as none)', () => {
    expect(filterProjects(projects, '')).toEqual(projects);
    expect(filterProjects(projects, '   ')).toEqual(projects);
  });

  it('keeps only folders with matching dashboards, and only those dashboards, ignoring case', () => {
    const out = filterProjects(projects, 'REVENUE');
    expect(out.map((p) => p.projectId)).toEqual(['p1']);
    expect(out[0]!.dashboards.map((x) => x.dashboardId)).toEqual(['d1']);
  });

  it('matches non-ASCII names and trims the query', () => {
    expect(filterProjects(projects, ' 销售 ').map((p) => p.projectId)).toEqual(['p2']);
  });

  it('finds nothing for an unknown name and does not change its input', () => {
    expect(filterProjects(projects, 'zzz')).toEqual([]);
    expect(projects[0]!.dashboards).toHaveLength(2);
  });
});
