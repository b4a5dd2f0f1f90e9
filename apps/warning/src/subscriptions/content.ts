/**
 * A report's content for one reader (pure): each chart's rows as a table — numbers in the reader's
 * language and units (formatReadable: 万/亿, 萬/億, K/M/B) — the subject and body from the
 * subscription's templates and their variables, as the mail's text and HTML.
 */
import type { Chart, ChartField } from '@bi/chart-model';
import { chartLocale, formatReadable } from '@bi/charts';
import { translate, type Language } from '@bi/i18n';
import type { ResultColumn, Row } from '../evaluate.js';

/** One chart of a report as a reader gets it: its rows under their rights, or why there are none. */
export interface ChartTable {
  chartId: string;
  title: string;
  columns: ResultColumn[];
  rows: Row[];
  /** the reader may not see this chart's data */
  noAccess?: boolean;
  /** the chart as stored (its drawing and files) */
  chart?: Chart;
}

export interface TemplateValues {
  dashboard: string;
  chart: string;
  date: string;
  filters: string;
  link: string;
}

/** {{name}} of the template variables replaced (an unknown one is kept as written). */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in values ? values[name as keyof TemplateValues] : m));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function columnTitle(c: ResultColumn): string {
  return c.field.title || c.field.name || c.alias;
}

/** A cell as the chart writes it: a measure in the field's format and the reader's units, anything else as text. */
export function cellText(value: unknown, column: ResultColumn, language: Language): string {
  if (value === null || value === undefined) return '—';
  const field: ChartField = column.field;
  const numeric = column.role === 'measure' || column.role === 'measure2' || field.dataType === 'number';
  if (numeric && (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))))
    return formatReadable(value, field.formatter, chartLocale(language));
  return String(value);
}

/** Whether any chart of the report has a row. */
export const hasData = (tables: readonly ChartTable[]) => tables.some((t) => !t.noAccess && t.rows.length > 0);

type FilterValues = { name?: unknown; title?: unknown; dataType?: unknown; range?: readonly unknown[] | undefined };

/** A filter's values as a reader reads them: a number filter's in the reader's units (万/亿, 萬/億, K/M/B). */
export function filterValues(filter: FilterValues, language: Language): string[] {
  return (filter.range ?? [])
    .filter((v) => v !== null && v !== '')
    .map((v) => (filter.dataType === 'number' && (typeof v === 'number' || (typeof v === 'string' && Number.isFinite(Number(v)))) ? formatReadable(v, undefined, chartLocale(language)) : String(v)));
}

/** The filter values as one line: `name: a – b; other: x, y` (relative dates already resolved). */
export function filterText(filters: readonly FilterValues[], language: Language): string {
  const parts = filters
    .filter((f) => Array.isArray(f.range) && f.range.some((v) => v !== null && v !== ''))
    .map((f) => `${String(f.title || f.name)}: ${filterValues(f, language).join(' – ')}`);
  return parts.length ? parts.join('; ') : translate('subscription.no_filters', language);
}

export interface ReportMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The mail of one reader: subject and body from the templates (the defaults when empty), then each
 * chart's table (its title, its rows, "no data" or "no access"), then the link back.
 */
export function reportMail(input: { name: string; subjectTemplate: string; bodyTemplate: string; values: TemplateValues; tables: readonly ChartTable[]; language: Language; imageCid?: string }): ReportMail {
  const { values, language } = input;
  const subject = fillTemplate(input.subjectTemplate || translate('subscription.default_subject', language, { name: input.name, date: values.date }), values).replace(/[\r\n]+/g, ' ');
  const body = fillTemplate(input.bodyTemplate || translate('subscription.default_body', language), values);
  const text: string[] = [body, ''];
  const html: string[] = [`<div style="font-family:sans-serif;font-size:14px"><p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>`];
  if (input.imageCid) html.push(`<p><img src="cid:${input.imageCid}" alt="${escapeHtml(values.dashboard)}" style="max-width:100%"></p>`);
  for (const t of input.tables) {
    text.push(`# ${t.title}`);
    html.push(`<h3 style="margin:16px 0 6px">${escapeHtml(t.title)}</h3>`);
    if (t.noAccess || !t.rows.length) {
      const note = translate(t.noAccess ? 'subscription.chart_no_access' : 'subscription.no_data', language);
      text.push(note, '');
      html.push(`<p style="color:#888">${escapeHtml(note)}</p>`);
      continue;
    }
    text.push(t.columns.map(columnTitle).join('\t'));
    for (const r of t.rows) text.push(t.columns.map((c) => cellText(r[c.alias], c, language)).join('\t'));
    text.push('');
    html.push('<table style="border-collapse:collapse" cellpadding="4"><thead><tr>');
    for (const c of t.columns) html.push(`<th style="border:1px solid #ddd;background:#f5f5f5;text-align:left">${escapeHtml(columnTitle(c))}</th>`);
    html.push('</tr></thead><tbody>');
    for (const r of t.rows) {
      html.push('<tr>');
      for (const c of t.columns) {
        const numeric = c.role === 'measure' || c.role === 'measure2';
        html.push(`<td style="border:1px solid #ddd${numeric ? ';text-align:right' : ''}">${escapeHtml(cellText(r[c.alias], c, language))}</td>`);
      }
      html.push('</tr>');
    }
    html.push('</tbody></table>');
  }
  text.push(`${translate('subscription.link', language)}: ${values.link}`);
  html.push(`<p><a href="${escapeHtml(values.link)}">${escapeHtml(translate('subscription.link', language))}</a></p></div>`);
  return { subject, text: text.join('\n'), html: html.join('') };
}

/** At most this many rows of each chart in a robot's text (the picture shows the chart; the text is a summary). */
export const ROBOT_ROWS_PER_CHART = 10;

/**
 * A chat robot's message of a report (its driver makes the vendor's markdown, post or blocks of it):
 * the title is the mail's subject, the text the body from the templates then a short summary of each
 * chart — its first rows as `- a · b`, "no data" or "no access" — and the link's text.
 */
export function reportRobotMessage(input: { name: string; subjectTemplate: string; bodyTemplate: string; values: TemplateValues; tables: readonly ChartTable[]; language: Language }): {
  title: string;
  text: string;
  linkText: string;
} {
  const { language } = input;
  const { subject } = reportMail({ ...input, tables: [] });
  const lines: string[] = [fillTemplate(input.bodyTemplate || translate('subscription.default_body', language), input.values).trim()];
  for (const t of input.tables) {
    lines.push('', `${t.title}:`);
    if (t.noAccess || !t.rows.length) {
      lines.push(translate(t.noAccess ? 'subscription.chart_no_access' : 'subscription.no_data', language));
      continue;
    }
    for (const r of t.rows.slice(0, ROBOT_ROWS_PER_CHART)) lines.push(`- ${t.columns.map((c) => cellText(r[c.alias], c, language)).join(' · ')}`);
    if (t.rows.length > ROBOT_ROWS_PER_CHART) lines.push('…');
  }
  return { title: subject, text: lines.join('\n'), linkText: translate('subscription.link', language) };
}
