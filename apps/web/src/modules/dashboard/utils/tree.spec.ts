import { describe, expect, it } from '@jest/globals';
import type { Project } from '../types';
import { applyDrop as applyTree, dragId, parseDragId, planDrop as planTree, type DropPlan } from '../../../shared/folder-tree/utils/drop';
import { filterTree } from '../../../shared/folder-tree/utils/tree';
import { dashboardTree } from './tree';

const planDrop = (p: readonly Project[], active: string, over: string | null) => planTree(dashboardTree, p, active, over);
const applyDrop = (p: readonly Project[], plan: DropPlan) => applyTree(dashboardTree, p, plan);

const d = (projectId: string, dashboardId: string, order: number) => ({ projectId, dashboardId, name: dashboardId, description: '', order });
const projects: Project[] = [
  { projectId: 'A', name: 'Folder A', order: 10, dashboards: [d('A', 'a1', 10), d('A', 'a2', 20), d('A', 'a3', 30)] },
  { projectId: 'B', name: 'Folder B', order: 20, dashboards: [d('B', 'b1', 10), d('B', 'b2', 20)] },
  { projectId: 'C', name: 'Folder C', order: 30, dashboards: [] },
];
const F = (id: string) => dragId('folder', id);
const R = (id: string) => dragId('folderRow', id);
const D = (id: string) => dragId('item', id);

describe('drag ids', () => {
  it('round-trip and refuse unknown kinds', () => {
    expect(parseDragId(D('x:y'))).toEqual({ kind: 'item', id: 'x:y' });
    expect(parseDragId('nope')).toBeNull();
    expect(parseDragId('other:1')).toBeNull();
  });
});

describe('planDrop', () => {
  it('reorders folders with the average of the new neighbours or +10 at the end', () => {
    expect(planDrop(projects, F('A'), F('B'))).toEqual({ kind: 'folder', id: 'A', order: 25 });
    expect(planDrop(projects, F('A'), F('C'))).toEqual({ kind: 'folder', id: 'A', order: 40 });
    expect(planDrop(projects, F('C'), F('A'))).toEqual({ kind: 'folder', id: 'C', order: 5 });
    // over a dashboard of a folder counts as over that folder
    expect(planDrop(projects, F('C'), D('b1'))).toEqual({ kind: 'folder', id: 'C', order: 15 });
    expect(planDrop(projects, F('A'), F('A'))).toBeNull();
  });

  it('reorders dashboards within a folder', () => {
    expect(planDrop(projects, D('a3'), D('a1'))).toEqual({ kind: 'item', id: 'a3', order: 5 });
    expect(planDrop(projects, D('a1'), D('a2'))).toEqual({ kind: 'item', id: 'a1', order: 25 });
    expect(planDrop(projects, D('a1'), D('a3'))).toEqual({ kind: 'item', id: 'a1', order: 40 });
    expect(planDrop(projects, D('a2'), D('a2'))).toBeNull();
  });

  it('moves a dashboard into another folder at the place of the one it is dropped on', () => {
    expect(planDrop(projects, D('a1'), D('b1'))).toEqual({ kind: 'item', id: 'a1', order: 5, moveTo: 'B', from: 'A' });
    expect(planDrop(projects, D('a1'), D('b2'))).toEqual({ kind: 'item', id: 'a1', order: 15, moveTo: 'B', from: 'A' });
  });

  it('moves a dashboard dropped on a folder row to the end of that folder', () => {
    expect(planDrop(projects, D('a1'), R('B'))).toEqual({ kind: 'item', id: 'a1', order: 30, moveTo: 'B', from: 'A' });
    expect(planDrop(projects, D('a1'), R('C'))).toEqual({ kind: 'item', id: 'a1', order: 10, moveTo: 'C', from: 'A' });
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

describe('search through the dashboard shape', () => {
  it('keeps only folders with matching dashboards, and only those dashboards, ignoring case and blanks', () => {
    expect(filterTree(dashboardTree, projects, '  ')).toEqual(projects);
    const out = filterTree(dashboardTree, projects, ' A2 ');
    expect(out.map((p) => p.projectId)).toEqual(['A']);
    expect(out[0]!.dashboards.map((x) => x.dashboardId)).toEqual(['a2']);
    expect(filterTree(dashboardTree, projects, 'zzz')).toEqual([]);
  });
});
