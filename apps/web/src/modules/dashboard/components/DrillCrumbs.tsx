import './drill-crumbs.css';
import { NodeIndexOutlined } from '@ant-design/icons';
import { CHART_LOCALES, DEFAULT_LOCALE, periodLabel, periodOf, type ChartLocale } from '@bi/charts';
import { Breadcrumb } from 'antd';
import type { DrillMeta } from '../../chart/types';
import { useDbTranslation } from '../i18n';

interface DrillCrumbsProps {
  /** the path shown: the clicked values of the upper levels, top first */
  path: readonly string[];
  /** the answer's levels (absent while the first answer loads, or when it failed) */
  meta: DrillMeta | undefined;
  /** back up to the level below these values (an empty path: the chart's own level) */
  onGo: (path: string[]) => void;
}

const GRAIN_KEYS = { 1: 'year', 2: 'quarter', 3: 'month', 4: 'week', 5: 'day' } as const;

/**
 * The breadcrumbs of a drilled chart (issue 27): "all <first level>", then each clicked value — every
 * crumb but the last goes back to its level —, then the level listed now.
 */
export function DrillCrumbs({ path, meta, onGo }: DrillCrumbsProps) {
  const { db, i18n } = useDbTranslation();
  if (path.length === 0) return null;
  const locale: ChartLocale = (CHART_LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as ChartLocale) : DEFAULT_LOCALE;
  const levelTitle = (i: number) => {
    const level = meta?.levels[i];
    if (!level) return '';
    const grain = level.dataType === 'date' ? GRAIN_KEYS[level.granularity as keyof typeof GRAIN_KEYS] : undefined;
    return grain ? db('chart.drill.titled', { title: level.title, grain: db(`chart.drill.grain.${grain}`) }) : level.title;
  };
  const link = (label: string, to: string[], testId: string, title: string) => (
    <a
      href="#"
      data-testid={testId}
      title={title}
      onClick={(e) => {
        e.preventDefault();
        onGo(to);
      }}
    >
      {label}
    </a>
  );
  const items = [
    { key: 'top', title: link(meta ? db('chart.drill.top', { level: levelTitle(0) }) : db('chart.drill.label'), [], 'drill-crumb-0', db('chart.drill.up', { level: levelTitle(0) })) },
    ...path.map((value, i) => {
      // a date level's value is its period's first day: shown as the period ('2024', '2024 Q1', '2024-03')
      const level = meta?.levels[i];
      const label = value === '' ? '-' : level?.dataType === 'date' ? periodLabel(value, periodOf(level.granularity), locale) : value;
      const title = levelTitle(i) ? db('chart.drill.level', { level: levelTitle(i), value: label }) : label;
      return {
        key: `${i}`,
        title:
          i < path.length - 1 ? (
            link(label, path.slice(0, i + 1), `drill-crumb-${i + 1}`, title)
          ) : (
            <span data-testid={`drill-crumb-${i + 1}`} aria-current="location" title={title} className="bi-drill-crumbs__current">
              {label}
            </span>
          ),
      };
    }),
  ];
  const now = levelTitle(path.length);
  return (
    <nav className="bi-drill-crumbs" data-testid="drill-crumbs" data-level={path.length} aria-label={db('chart.drill.label')} data-export-ignore="true">
      <NodeIndexOutlined className="bi-drill-crumbs__icon" aria-hidden />
      <Breadcrumb items={items} className="bi-drill-crumbs__path" />
      {now ? (
        <span className="bi-drill-crumbs__level" data-testid="drill-crumbs-level">
          {now}
        </span>
      ) : null}
    </nav>
  );
}
