import 'react-grid-layout/css/styles.css';
import { GRID } from '@bi/rules';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import { useMemo, type ReactNode, type Ref } from 'react';
import type { ChartSummary } from '../../chart/types';
import type { GridItem } from '../types';
import { aspectsToLayout, type RglItem } from '../utils/layout';

interface DashboardGridProps {
  aspects: readonly GridItem[];
  /** The charts shown (hidden ones already left out). */
  charts: readonly ChartSummary[];
  editable: boolean;
  renderBox: (chart: ChartSummary) => ReactNode;
  /** A drag or resize ended with this layout. */
  onLayoutStop: (layout: RglItem[]) => void;
  gridRef?: Ref<HTMLDivElement>;
  /** Row height in pixels (full screen scales the grid to the screen); the usual 70 when absent. */
  rowHeight?: number;
}

const GRID_CONFIG = { cols: GRID.cols, rowHeight: GRID.rowHeight, margin: [GRID.margin, GRID.margin] as const, maxRows: GRID.maxRows };

function plain(layout: Layout): RglItem[] {
  return layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
}

/** The 12-column chart grid (spec 01 §9: row height 70, margins 7; full screen scales the rows); the chart title bar drags. */
export function DashboardGrid({ aspects, charts, editable, renderBox, onLayoutStop, gridRef, rowHeight }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = useMemo(
    () =>
      aspectsToLayout(
        aspects,
        charts.map((c) => c.chartId),
      ),
    [aspects, charts],
  );
  const gridConfig = useMemo(() => (rowHeight ? { ...GRID_CONFIG, rowHeight } : GRID_CONFIG), [rowHeight]);
  const dragConfig = useMemo(() => ({ enabled: editable, handle: '.bi-chart-box__header', cancel: '.bi-chart-box__tools' }), [editable]);
  const resizeConfig = useMemo(() => ({ enabled: editable, handles: ['se'] as const }), [editable]);

  return (
    <div ref={gridRef} className="bi-grid-export" data-testid="grid" data-editable={editable ? 'true' : 'false'}>
      <div ref={containerRef} className={['bi-grid', editable ? 'bi-grid--editable' : ''].join(' ')}>
        {mounted ? (
          <ReactGridLayout
            width={width}
            layout={layout}
            gridConfig={gridConfig}
            dragConfig={dragConfig}
            resizeConfig={resizeConfig}
            onDragStop={(next) => onLayoutStop(plain(next))}
            onResizeStop={(next) => onLayoutStop(plain(next))}
          >
            {charts.map((chart) => (
              <div key={chart.chartId} className="bi-grid__item" data-grid-item={chart.chartId}>
                {renderBox(chart)}
              </div>
            ))}
          </ReactGridLayout>
        ) : null}
      </div>
    </div>
  );
}
