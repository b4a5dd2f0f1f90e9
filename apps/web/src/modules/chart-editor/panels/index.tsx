import { useChartEditorTranslation } from '../i18n';
import type { ChartPanelsProps } from './contract';

/**
 * The right-hand property panels (spec 01 §2): built on their own branch and merged later; until
 * then a placeholder in their place. The editor mounts it with the props of the contract.
 */
export function ChartPanels(props: ChartPanelsProps) {
  const { ce } = useChartEditorTranslation();
  return (
    <div className="bi-editor-panels-placeholder" data-testid="chart-panels" data-chart-type={props.chart.type}>
      {ce('panels.placeholder')}
    </div>
  );
}
