import { describe, expect, it } from '@jest/globals';
import { MemoryStorage } from '../../../shared/storage/memory-storage';
import type { Project } from '../types';
import { landingDashboard, lastViewedKey, readViewed, rememberViewed } from './landing';

const dashboard = (projectId: string, dashboardId: string) => ({ projectId, dashboardId, name: dashboardId, description: '', order: 0 });
const projects: Project[] = [
  { projectId: 'empty', name: 'Empty', order: 0, dashboards: [] },
  { projectId: 'p1', name: 'One', order: 1, dashboards: [dashboard('p1', 'd1'), dashboard('p1', 'd2')] },
  { projectId: 'p2', name: 'Two', order: 2, dashboards: [dashboard('p2', 'd3')] },
];

describe('landing dashboard', () => {
  it('opens the last viewed dashboard, in the folder it is in now', () => {
    expect(landingDashboard(projects, { projectId: 'p2', dashboardId: 'd2' })).toEqual({ projectId: 'p1', dashboardId: 'd2' });
    expect(landingDashboard(projects, { projectId: 'p2', dashboardId: 'd3' })).toEqual({ projectId: 'p2', dashboardId: 'd3' });
  });

  it('else the first dashboard of the first folder with one, else none', () => {
    expect(landingDashboard(projects, null)).toEqual({ projectId: 'p1', dashboardId: 'd1' });
    expect(landingDashboard(projects, { projectId: 'p1', dashboardId: 'gone' })).toEqual({ projectId: 'p1', dashboardId: 'd1' });
    expect(landingDashboard([projects[0]], null)).toBeNull();
    expect(landingDashboard([], { projectId: 'p1', dashboardId: 'd1' })).toBeNull();
  });

  it('remembers the last viewed dashboard per user and tab', () => {
    const storage = new MemoryStorage();
    rememberViewed(storage, 'dashboard', { projectId: 'p1', dashboardId: 'd1' });
    expect(readViewed(storage, 'dashboard')).toBeNull(); // nobody signed in

    storage.setItem('userName', 'ann');
    rememberViewed(storage, 'dashboard', { projectId: 'p1', dashboardId: 'd2' });
    rememberViewed(storage, 'template', { projectId: 't1', dashboardId: 't2' });
    expect(readViewed(storage, 'dashboard')).toEqual({ projectId: 'p1', dashboardId: 'd2' });
    expect(readViewed(storage, 'template')).toEqual({ projectId: 't1', dashboardId: 't2' });

    storage.setItem('userName', 'bob');
    expect(readViewed(storage, 'dashboard')).toBeNull();
    storage.setItem(lastViewedKey('dashboard', 'bob'), '{not json');
    expect(readViewed(storage, 'dashboard')).toBeNull();
    storage.setItem(lastViewedKey('dashboard', 'bob'), JSON.stringify({ projectId: 1 }));
    expect(readViewed(storage, 'dashboard')).toBeNull();
  });
});
