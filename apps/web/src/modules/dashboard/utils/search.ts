import type { Project } from '../types';

/**
 * Sidebar search: with a query, only folders holding a dashboard whose name contains it
 * (case-insensitive) stay, each with only its matching dashboards; without one, everything.
 */
export function filterProjects(projects: readonly Project[], query: string): Project[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...projects];
  const out: Project[] = [];
  for (const project of projects) {
    const dashboards = project.dashboards.filter((d) => d.name.toLowerCase().includes(needle));
    if (dashboards.length > 0) out.push({ ...project, dashboards });
  }
  return out;
}
