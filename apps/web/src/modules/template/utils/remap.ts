import type { SourceMap, TemplateSource } from '../types';

/** Which of the fields the template uses a candidate has (same name and type) and which it lacks. */
export function candidateFields(source: TemplateSource, candidateId: string): { matched: string[]; missing: string[] } {
  const candidate = source.candidates.find((c) => c.dataSourceId === candidateId);
  if (!candidate) return { matched: [], missing: source.fields.map((f) => f.name) };
  const missing = new Set(candidate.missing);
  return { matched: source.fields.filter((f) => !missing.has(f.name)).map((f) => f.name), missing: [...candidate.missing] };
}

/** A candidate may be chosen only when it has every field the template uses. */
export const choosable = (source: TemplateSource, candidateId: string) =>
  source.candidates.some((c) => c.dataSourceId === candidateId && c.missing.length === 0);

/** The candidates of a source, complete ones first, then by fewest missing fields, then by name. */
export function rankCandidates(source: TemplateSource): TemplateSource['candidates'] {
  return [...source.candidates].sort((a, b) => a.missing.length - b.missing.length || a.name.localeCompare(b.name) || a.projectName.localeCompare(b.projectName));
}

/** The first choice per source: the server's proposal when it may be chosen, else nothing (the user picks). */
export function initialMapping(sources: readonly TemplateSource[]): Record<string, string | undefined> {
  const mapping: Record<string, string | undefined> = {};
  for (const source of sources) mapping[source.dataSourceId] = source.match && choosable(source, source.match) ? source.match : undefined;
  return mapping;
}

/** The sources still without a choice (the copy is refused until every source has one). */
export function unmapped(sources: readonly TemplateSource[], mapping: Record<string, string | undefined>): TemplateSource[] {
  return sources.filter((s) => !mapping[s.dataSourceId]);
}

/** The body's source list. */
export function sourceMaps(mapping: Record<string, string | undefined>): SourceMap[] {
  return Object.entries(mapping).flatMap(([from, to]) => (to ? [{ from, to }] : []));
}
