import { checkName } from '@bi/rules';

export const CHART_TITLE_MAX = 50;

/** i18n key of the problem with a chart title (1 to 50 characters, one line), or null. */
export function chartTitleError(title: unknown): 'chart.titleRequired' | 'chart.titleLength' | 'chart.titleLineBreak' | null {
  const problem = checkName(title, 1, CHART_TITLE_MAX);
  if (problem === 'required') return 'chart.titleRequired';
  if (problem === 'length') return 'chart.titleLength';
  if (problem === 'line_break') return 'chart.titleLineBreak';
  return null;
}

/** A file name from a dashboard name: characters file systems refuse are replaced. */
export function exportFileName(name: string, extension: 'png' | 'pdf'): string {
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'dashboard';
  return `${safe}.${extension}`;
}
