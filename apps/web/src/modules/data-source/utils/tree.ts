import type { DataSourceSummary, Project } from '../types';

const needleOf = (query: string) => query.trim().toLowerCase();

/**
 * Sidebar search (spec 02 §2 screen 1): with a query, only folders holding a source whose name
 * contains it (ignoring case) stay, each with only its matching sources; without one, everything.
 */
export function filterProjects(projects: readonly Project[], query: string): Project[] {
  const needle = needleOf(query);
  if (!needle) return [...projects];
  const out: Project[] = [];
  for (const project of projects) {
    const dataSources = project.dataSources.filter((s) => s.name.toLowerCase().includes(needle));
    if (dataSources.length > 0) out.push({ ...project, dataSources });
  }
  return out;
}

export interface SourceMatch extends DataSourceSummary {
  projectName: string;
}

/** The search dropdown's entries: matching sources in folder order, at most `limit`. */
export function matchingSources(projects: readonly Project[], query: string, limit = 50): SourceMatch[] {
  const needle = needleOf(query);
  if (!needle) return [];
  const out: SourceMatch[] = [];
  for (const project of projects) {
    for (const source of project.dataSources) {
      if (!source.name.toLowerCase().includes(needle)) continue;
      out.push({ ...source, projectName: project.name });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** The folder holding a source, if any. */
export function folderOfSource(projects: readonly Project[], dataSourceId: string): Project | undefined {
  return projects.find((p) => p.dataSources.some((s) => s.dataSourceId === dataSourceId));
}
