import { EChart } from '../EChart';
import type { CardOption } from '../../types';
import { describeCard } from '../../utils/describe';
import { usePreparedOption, type RendererProps } from './common';

/**
 * card: the big formatted value and its statistics, drawn by the option's graphic texts (so exports and
 * the viewer show the same picture); `option.card` gives the same content to screen readers.
 */
export function CardChart({ answer, kind, title, appTheme, onDone }: RendererProps) {
  const option = usePreparedOption(answer, kind, appTheme);
  const card = answer.option.card as CardOption | undefined;
  return (
    <>
      <EChart option={option} appTheme={appTheme} ariaLabel={describeCard(title, card)} onRendered={onDone} />
      {card ? (
        <span className="bi-chart-view__sr-only" data-testid="card-value">
          {card.display}
        </span>
      ) : null}
    </>
  );
}
