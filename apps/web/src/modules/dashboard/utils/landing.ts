import { STORAGE_KEYS, type StorageLike } from '../../../shared/storage/keys';
import type { Project, TabType } from '../types';

/** A dashboard to open: its folder and id. */
export interface DashboardPlace {
  projectId: string;
  dashboardId: string;
}

/** Key of the last dashboard a user viewed in a tab (localStorage, one per user and tab). */
export function lastViewedKey(tab: TabType, userName: string): string {
  return `lastViewed:${tab}:${userName}`;
}

/** Remembers the dashboard the signed-in user is looking at (nothing without a user name). */
export function rememberViewed(storage: StorageLike, tab: TabType, place: DashboardPlace): void {
  const userName = storage.getItem(STORAGE_KEYS.userName) ?? '';
  if (!userName || !place.projectId || !place.dashboardId) return;
  storage.setItem(lastViewedKey(tab, userName), JSON.stringify({ projectId: place.projectId, dashboardId: place.dashboardId }));
}

/** The last dashboard the signed-in user viewed in a tab, as stored (it may be gone since). */
export function readViewed(storage: StorageLike, tab: TabType): DashboardPlace | null {
  const userName = storage.getItem(STORAGE_KEYS.userName) ?? '';
  if (!userName) return null;
  try {
    const value = JSON.parse(storage.getItem(lastViewedKey(tab, userName)) ?? 'null') as unknown;
    if (value && typeof value === 'object') {
      const { projectId, dashboardId } = value as Record<string, unknown>;
      if (typeof projectId === 'string' && typeof dashboardId === 'string') return { projectId, dashboardId };
    }
  } catch {
    // a damaged entry counts as none
  }
  return null;
}

/**
 * Where the tab opens without a dashboard in the address: the last dashboard the user viewed when
 * the folder list (what the user may see) still has it (in whichever folder it is now), else the
 * first dashboard of the first folder that has one, else none.
 */
export function landingDashboard(projects: readonly Project[], remembered: DashboardPlace | null): DashboardPlace | null {
  if (remembered) {
    for (const project of projects) {
      const found = project.dashboards.find((d) => d.dashboardId === remembered.dashboardId);
      if (found) return { projectId: project.projectId, dashboardId: found.dashboardId };
    }
  }
  for (const project of projects) {
    const first = project.dashboards[0];
    if (first) return { projectId: project.projectId, dashboardId: first.dashboardId };
  }
  return null;
}
