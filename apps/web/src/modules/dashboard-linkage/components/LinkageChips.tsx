import './linkage.css';
import { AimOutlined, LinkOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { LinkageChip } from '../hooks/useLinkage';
import { useLinkageTranslation } from '../i18n';

/** Points named on a chip before "and N more". */
const SHOWN_POINTS = 3;

interface LinkageChipsProps {
  chips: readonly LinkageChip[];
  /** on a source chart: its selected points and how many charts they filter */
  selection: { chartId: string; points: string[]; targets: number } | null;
  onClear: (sourceChartId: string) => void;
}

/**
 * The chips of a chart box: on a filtered chart one per source chart whose click filters it, naming
 * the source and its values; on a source chart what is selected on it. Closing one clears that
 * source's selection.
 */
export function LinkageChips({ chips, selection, onClear }: LinkageChipsProps) {
  const { lk } = useLinkageTranslation();
  if (chips.length === 0 && !selection) return null;
  const valuesOf = (points: readonly string[]) => {
    const shown = points.slice(0, SHOWN_POINTS).join(', ');
    return points.length > SHOWN_POINTS ? `${shown} ${lk('chip.more', { count: points.length - SHOWN_POINTS })}` : shown;
  };
  return (
    <div className="bi-linkage-chips" data-testid="linkage-chips" data-export-ignore="true">
      {selection ? (
        <Tooltip title={lk('chip.hint')}>
          <Tag
            icon={<AimOutlined />}
            closable
            className="bi-linkage-chip"
            data-testid="linkage-source-chip"
            closeIcon={<span aria-label={lk('chip.clearSelection')} data-testid="linkage-source-chip-clear">×</span>}
            onClose={(e) => {
              e.preventDefault();
              onClear(selection.chartId);
            }}
          >
            {lk('chip.selected', { values: valuesOf(selection.points), count: selection.targets })}
          </Tag>
        </Tooltip>
      ) : null}
      {chips.map((chip) => {
        const label = lk('chip.label', { source: chip.source, values: valuesOf(chip.points) });
        return (
          <Tooltip key={chip.sourceChartId} title={chip.points.join(', ')}>
            <Tag
              icon={<LinkOutlined />}
              color="processing"
              closable
              className="bi-linkage-chip"
              data-testid="linkage-chip"
              data-source-chart-id={chip.sourceChartId}
              closeIcon={<span aria-label={lk('chip.clear', { source: chip.source })} data-testid="linkage-chip-clear">×</span>}
              onClose={(e) => {
                e.preventDefault();
                onClear(chip.sourceChartId);
              }}
            >
              {label}
            </Tag>
          </Tooltip>
        );
      })}
    </div>
  );
}
