import type { PublishKind, PublishMenuFolder } from '../types';

/**
 * The form's defaults for a dashboard or folder of the publish menu: the template is named after it,
 * and a dashboard is filed under a template folder named after its own folder.
 */
export function publishDefaults(menu: readonly PublishMenuFolder[], kind: PublishKind, originId: string): { name: string; folder?: string } | null {
  for (const folder of menu) {
    if (kind === 'proj' && folder.projectId === originId) return { name: folder.name };
    const dashboard = kind === 'dash' ? folder.dashboards.find((d) => d.dashboardId === originId) : undefined;
    if (dashboard) return { name: dashboard.name, folder: folder.name };
  }
  return null;
}

/** The publish answer's text (spec 02 §8: a non-empty text result is shown as a message), '' when there is none. */
export function publishedText(answer: unknown): string {
  if (typeof answer === 'string') return answer.trim();
  if (answer && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string') return answer.message.trim();
  return '';
}
