import { describe, expect, it } from '@jest/globals';
import type { Project } from '../types';
import { applyDrop, dragId, parseDragId, planDrop } from './sort';

const d = (projectId: string, dashboardId: string, order: number) => ({ projectId, dashboardId, name: dashboardId, description: '', order });
const projects: Project[] = [
  { projectId: 'A', name: 'Folder A', order: 10, dashboards: [d('A', 'a1', 10), d('A', 'a2', 20), d('A', 'a3', 30)] },
  { projectId: 'B', name: 'Folder B', order: 20, dashboards: [d('B', 'b1', 10), d('B', 'b2', 20)] },
  { projectId: 'C', name: 'Folder C', order: 30, dashboards: [] },
];
const F = (id: string) => dragId('folder', id);
const R = (id: string) => dragId('folderRow', id);
const D = (id: string) => dragId('dashboard', id);

describe('drag ids', () => {
  it('round-trip and refuse unknown kinds', () => {
    expect(parseDragId(D('x:y'))).toEqual({ kind: 'dashboard', id: 'x:y' });
    expect(parseDragId('nope')).toBeNull();
    expect(parseDragId('other:1')).toBeNull();
  });
});

describe('planDrop', () => {
  it('reorders folders with the average of the new neighbours or +10 at the end', () => {
    expect(planDrop(projects, F('A'), F('B'))).toEqual({ kind: 'project', id: 'A', order: 25 });
    expect(planDrop(projects, F('A'), F('C'))).toEqual({ kind: 'project', id: 'A', order: 40 });
    expect(planDrop(projects, F('C'), F('A'))).toEqual({ kind: 'project', id: 'C', order: 5 });
    // over a dashboard of a folder counts as over that folder
    expect(planDrop(projects, F('C'), D('b1'))).toEqual({ kind: 'project', id: 'C', order: 15 });
    expect(planDrop(projects, F('A'), F('A'))).toBeNull();
  });

  it('reorders dashboards within a folder', () => {
    expect(planDrop(projects, D('a3'), D('a1'))).toEqual({ kind: 'dashboard', id: 'a3', order: 5 });
    expect(planDrop(projects, D('a1'), D('a2'))).toEqual({ kind: 'dashboard', id: 'a1', order: 25 });
    expect(planDrop(projects, D('a1'), D('a3'))).toEqual({ kind: 'dashboard', id: 'a1', order: 40 });
    expect(planDrop(projects, D('a2'), D('a2'))).toBeNull();
  });

  it('moves a dashboard into another folder at the place of the one it is dropped on', () => {
    expect(planDrop(projects, D('a1'), D('b1'))).toEqual({ kind: 'dashboard', id: 'a1', order: 5, moveTo: 'B' });
    expect(planDrop(projects, D('a1'), D('b2'))).toEqual({ kind: 'dashboard', id: 'a1', order: 15, moveTo: 'B' });
  });

  it('moves a dashboard dropped on a folder row to the end of that folder', () => {
    expect(planDrop(projects, D('a1'), R('B'))).toEqual({ kind: 'dashboard', id: 'a1', order: 30, moveTo: 'B' });
    expect(planDrop(projects, D('a1'), R('C'))).toEqual({ kind: 'dashboard', id: 'a1', order: 10, moveTo: 'C' });
    expect(planDrop(projects, D('a1'), R('A'))).toBeNull();
  });

  it('ignores drops on nothing or unknown ids', () => {
    expect(planDrop(projects, D('a1'), null)).toBeNull();
    expect(planDrop(projects, D('zz'), D('a1'))).toBeNull();
    expect(planDrop(projects, F('A'), 'bad')).toBeNull();
  });
});

describe('applyDrop (optimistic update)', () => {
  it('reorders folders', () => {
    const plan = planDrop(projects, F('A'), F('C'))!;
    expect(applyDrop(projects, plan).map((p) => p.projectId)).toEqual(['B', 'C', 'A']);
  });

  it('reorders dashboards within a folder', () => {
    const plan = planDrop(projects, D('a3'), D('a1'))!;
    expect(applyDrop(projects, plan)[0]!.dashboards.map((x) => x.dashboardId)).toEqual(['a3', 'a1', 'a2']);
  });

  it('moves a dashboard into another folder', () => {
    const out = applyDrop(projects, planDrop(projects, D('a2'), D('b2'))!);
    expect(out[0]!.dashboards.map((x) => x.dashboardId)).toEqual(['a1', 'a3']);
    expect(out[1]!.dashboards.map((x) => [x.dashboardId, x.projectId])).toEqual([
      ['b1', 'B'],
      ['a2', 'B'],
      ['b2', 'B'],
    ]);
    expect(projects[0]!.dashboards).toHaveLength(3);
  });
});
