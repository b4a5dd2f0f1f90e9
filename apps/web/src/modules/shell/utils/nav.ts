/** Header sections and the paths that belong to each (for the `active` class). */
export type NavSection = 'dashboard' | 'data_source' | 'template' | 'admin';

/**
 * Which header link is active for a path: the dashboard link for /dashboard..., the data
 * source link for /data_source..., /data_source_*... and /database..., the template link
 * for /template... .
 */
export function activeSection(pathname: string): NavSection | null {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === 'dashboard') return 'dashboard';
  if (first === 'template') return 'template';
  if (first === 'admin') return 'admin';
  if (first === 'data_source' || first.startsWith('data_source_') || first === 'database') return 'data_source';
  return null;
}
