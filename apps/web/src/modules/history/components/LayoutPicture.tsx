import type { GridBox } from '../api/history';

const COLUMNS = 12;

/** A small picture of a dashboard's 12-column grid: each chart a box, the changed ones marked. */
export function LayoutPicture({ boxes, changed, testId }: { boxes: readonly GridBox[]; changed: ReadonlySet<string>; testId: string }) {
  const rows = Math.max(1, ...boxes.map((b) => b.row + b.sizeY));
  // a grid row as tall as a column is wide, at most 160 px in all
  const height = Math.min(160, Math.max(48, rows * 8));
  return (
    <div className="bi-history__grid" style={{ height }} data-testid={testId} role="img">
      {boxes.map((b) => (
        <div
          key={b.chartId}
          className={`bi-history__box${changed.has(b.chartId) ? ' bi-history__box--changed' : ''}`}
          data-chart-id={b.chartId}
          title={b.title}
          style={{ left: `${(b.col / COLUMNS) * 100}%`, width: `${(b.sizeX / COLUMNS) * 100}%`, top: `${(b.row / rows) * 100}%`, height: `${(b.sizeY / rows) * 100}%` }}
        >
          {b.title}
        </div>
      ))}
    </div>
  );
}
