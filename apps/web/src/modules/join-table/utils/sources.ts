import type { JoinProject } from '../types';

/** The folders with the worksheets whose name contains the search text (ignoring case); folders without a match are left out. */
export function filterProjects(projects: readonly JoinProject[], search: string): JoinProject[] {
  const text = search.trim().toLowerCase();
  const withSources = projects.filter((p) => p.dataSources.length > 0);
  if (!text) return withSources;
  return withSources
    .map((p) => ({ ...p, dataSources: p.dataSources.filter((s) => s.name.toLowerCase().includes(text)) }))
    .filter((p) => p.dataSources.length > 0);
}
