import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { DRILL_LIMITS, type Granularity } from '@bi/chart-model';
import { Button, Select, Tag, Tooltip, Typography } from 'antd';
import { usePanelsTranslation } from '../i18n';
import { addDrillLevel, clearDrill, drillCandidates, drillHierarchyProblem, levelGranularities, moveDrillLevel, removeDrillLevel, setLevelGranularity } from '../utils/drill';
import { Note, Problem, type PanelProps } from './common';

const GRANULARITY_KEYS: Record<Granularity, 'normal' | 'year' | 'quarter' | 'month' | 'week' | 'day'> = { 0: 'normal', 1: 'year', 2: 'quarter', 3: 'month', 4: 'week', 5: 'day' };

/**
 * The drill-down hierarchy (chart.drill, issue 27): level 1 is the chart's first dimension; the levels
 * below are picked in order (a date again at a finer granularity). A click on a point of the chart then
 * goes one level down (docs/api/chart.md "Drill-down"). Saved with the chart like every editor change.
 */
export function DrillDownPanel({ chart, fields, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const first = chart.points[0];
  const levels = chart.drill ?? [];
  const titleOf = (name: string) => fields.find((f) => f.name === name)?.title || name;
  const grainText = (g: Granularity | undefined) => pt(`innerFilters.granularities.${GRANULARITY_KEYS[g ?? 0]}`);
  const levelText = (l: { name: string; dataType: string; granularity?: Granularity }) => (l.dataType === 'date' ? `${titleOf(l.name)} · ${grainText(l.granularity)}` : titleOf(l.name));
  const candidates = drillCandidates(chart, fields);
  const full = (levels.length || 1) >= DRILL_LIMITS.maxLevels;
  const problem = drillHierarchyProblem(chart);

  if (!first) return <Note testId="drill-no-dimension">{pt('drillDown.noDimension')}</Note>;

  return (
    <div className="bi-panels__drill" data-testid="drill-down" data-levels={levels.length}>
      <Note>{pt('drillDown.hint')}</Note>
      <ol className="bi-panels__drill-levels">
        <li className="bi-panels__drill-level" data-testid="drill-level-0">
          <Typography.Text type="secondary" className="bi-panels__drill-index">
            {pt('drillDown.first')}
          </Typography.Text>
          <Tag className="bi-panels__drill-tag">{first.title?.trim() ? levelText({ ...first, name: first.title }) : levelText(first)}</Tag>
        </li>
        {levels.slice(1).map((l, k) => {
          const i = k + 1;
          const grains = levelGranularities(chart, i);
          return (
            <li key={`${l.name}-${i}`} className="bi-panels__drill-level" data-testid={`drill-level-${i}`} data-name={l.name}>
              <Typography.Text type="secondary" className="bi-panels__drill-index">
                {pt('drillDown.level', { index: i + 1 })}
              </Typography.Text>
              <Tag color="blue" className="bi-panels__drill-tag">
                {titleOf(l.name)}
              </Tag>
              {l.dataType === 'date' ? (
                <Select
                  size="small"
                  className="bi-panels__drill-grain"
                  value={l.granularity ?? 0}
                  onChange={(g: Granularity) => onChange(setLevelGranularity(chart, i, g))}
                  options={[...new Set([l.granularity ?? 0, ...grains])].map((g) => ({ value: g, label: grainText(g as Granularity) }))}
                  aria-label={pt('innerFilters.granularity')}
                  data-testid={`drill-level-${i}-granularity`}
                />
              ) : null}
              <span className="bi-panels__drill-tools">
                <Tooltip title={pt('common.moveUp')}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={i === 1} onClick={() => onChange(moveDrillLevel(chart, i, i - 1))} aria-label={pt('common.moveUp')} />
                </Tooltip>
                <Tooltip title={pt('common.moveDown')}>
                  <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={i === levels.length - 1} onClick={() => onChange(moveDrillLevel(chart, i, i + 1))} aria-label={pt('common.moveDown')} />
                </Tooltip>
                <Tooltip title={pt('common.remove')}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => onChange(removeDrillLevel(chart, i))} aria-label={pt('common.remove')} data-testid={`drill-level-${i}-remove`} />
                </Tooltip>
              </span>
            </li>
          );
        })}
      </ol>
      {levels.length === 0 ? <Note testId="drill-none">{pt('drillDown.none')}</Note> : null}
      <Select
        size="small"
        style={{ width: '100%' }}
        value={null}
        placeholder={full ? pt('drillDown.full', { max: DRILL_LIMITS.maxLevels }) : pt('drillDown.add')}
        disabled={full || candidates.length === 0}
        showSearch
        optionFilterProp="title"
        onChange={(name: string) => {
          const field = candidates.find((f) => f.name === name);
          if (field) onChange(addDrillLevel(chart, field));
        }}
        options={candidates.map((f) => ({ value: f.name, title: f.title || f.name, label: f.title || f.name }))}
        optionRender={(o) => <span data-testid={`drill-option-${String(o.value)}`}>{o.label}</span>}
        data-testid="drill-add"
      />
      <Problem text={problem && levels.length > 0 ? pt('drillDown.invalid') : null} testId="drill-problem" />
      {levels.length > 0 ? (
        <Button size="small" type="link" danger onClick={() => onChange(clearDrill(chart))} data-testid="drill-clear" className="bi-panels__drill-clear">
          {pt('drillDown.clear')}
        </Button>
      ) : null}
    </div>
  );
}
