import { CaretRightOutlined, LeftOutlined, PauseOutlined, RightOutlined } from '@ant-design/icons';
import { CAROUSEL_INTERVAL_MS } from '@bi/rules';
import { Button, Tooltip, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChartSummary } from '../../chart/types';
import { clampIndex, stepIndex } from '../utils/carousel';
import { useDbTranslation } from '../i18n';

interface CarouselProps {
  charts: readonly ChartSummary[];
  renderSlide: (chart: ChartSummary, index: number) => ReactNode;
  /** Prefix of the test ids: carousel-prev, carousel-toggle, carousel-next, carousel-slide. */
  testIdPrefix: 'carousel' | 'viewer';
  autoPlay: boolean;
  startIndex?: number;
}

/**
 * One chart at a time with previous / play-pause / next; while playing it moves on every
 * 5000 ms (spec 01 §9) and wraps around. A manual step restarts the wait.
 */
export function DashboardCarousel({ charts, renderSlide, testIdPrefix, autoPlay, startIndex = 0 }: CarouselProps) {
  const { db } = useDbTranslation();
  const count = charts.length;
  const [index, setIndex] = useState(() => clampIndex(startIndex, count));
  const [playing, setPlaying] = useState(autoPlay);
  const current = clampIndex(index, count);

  useEffect(() => {
    if (!playing || count < 2) return undefined;
    const handle = window.setTimeout(() => setIndex((i) => stepIndex(clampIndex(i, count), 1, count)), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(handle);
  }, [playing, count, current]);

  const chart = charts[current];
  const step = (delta: number) => setIndex((i) => stepIndex(clampIndex(i, count), delta, count));

  return (
    <div className="bi-carousel" data-testid={testIdPrefix} data-playing={playing ? 'true' : 'false'} aria-roledescription={db('board.carousel.label')}>
      <div className="bi-carousel__controls">
        <Tooltip title={db('board.carousel.prev')}>
          <Button icon={<LeftOutlined />} aria-label={db('board.carousel.prev')} data-testid={`${testIdPrefix}-prev`} onClick={() => step(-1)} disabled={count < 2} />
        </Tooltip>
        <Tooltip title={playing ? db('board.carousel.pause') : db('board.carousel.play')}>
          <Button
            icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
            aria-label={playing ? db('board.carousel.pause') : db('board.carousel.play')}
            aria-pressed={playing}
            data-testid={`${testIdPrefix}-toggle`}
            onClick={() => setPlaying((p) => !p)}
          />
        </Tooltip>
        <Tooltip title={db('board.carousel.next')}>
          <Button icon={<RightOutlined />} aria-label={db('board.carousel.next')} data-testid={`${testIdPrefix}-next`} onClick={() => step(1)} disabled={count < 2} />
        </Tooltip>
        <Typography.Text type="secondary" data-testid={`${testIdPrefix}-position`} aria-live="polite">
          {db('board.carousel.position', { current: String(count === 0 ? 0 : current + 1), total: String(count) })}
        </Typography.Text>
      </div>
      {chart ? (
        <div className="bi-carousel__slide" data-testid={`${testIdPrefix}-slide`} data-index={current} data-chart-id={chart.chartId} key={chart.chartId}>
          {renderSlide(chart, current)}
        </div>
      ) : (
        <div className="bi-carousel__slide bi-carousel__slide--empty">
          <Typography.Text type="secondary">{db('board.noCharts')}</Typography.Text>
        </div>
      )}
    </div>
  );
}
