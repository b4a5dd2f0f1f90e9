import './linkage.css';
import { LinkOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { LinkageChip } from '../hooks/useLinkage';
import { useLinkageTranslation } from '../i18n';

/** Points named on a chip before "and N more". */
const SHOWN_POINTS = 3;

/** The chips of a filtered chart: one per source chart whose click filters it, naming the source and its values; closing one clears that source's selection. */
export function LinkageChips({ chips, onClear }: { chips: readonly LinkageChip[]; onClear: (sourceChartId: string) => void }) {
  const { lk } = useLinkageTranslation();
  if (chips.length === 0) return null;
  return (
    <div className="bi-linkage-chips" data-testid="linkage-chips" data-export-ignore="true">
      {chips.map((chip) => {
        const shown = chip.points.slice(0, SHOWN_POINTS).join(', ');
        const values = chip.points.length > SHOWN_POINTS ? `${shown} ${lk('chip.more', { count: chip.points.length - SHOWN_POINTS })}` : shown;
        const label = lk('chip.label', { source: chip.source, values });
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
