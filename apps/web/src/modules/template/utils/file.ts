import type { TemplateFile } from '../types';

/** Largest template file the import accepts (docs/api/template.md: ≤ 5 MB). */
export const TEMPLATE_FILE_MAX_MB = 5;

/** A portable template read from a file's text, or null when it is not one (checked again by the server). */
export function parseTemplateFile(text: string): TemplateFile | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const file = value as Record<string, unknown>;
  if (file.format !== 'bi-template' || (file.kind !== 'dash' && file.kind !== 'proj') || typeof file.name !== 'string') return null;
  if (!Array.isArray(file.sources) || !Array.isArray(file.dashboards)) return null;
  return file as TemplateFile;
}

/** The download name of an exported template: `<name>.template.json`, without characters file systems refuse. */
export function exportFileName(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim() || 'template';
  return `${safe}.template.json`;
}
