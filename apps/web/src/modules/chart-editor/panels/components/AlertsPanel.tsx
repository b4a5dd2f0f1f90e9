import { AlarmPanel } from '../../../warnings';
import type { PanelProps } from './common';

/** The editor's alert panel: the warnings module's alarm settings, saved with the chart (onChange → PUT /api/chart-edit/{tab}). */
export function AlertsPanel({ tab, chart, onChange }: PanelProps) {
  return <AlarmPanel tab={tab} chart={chart} onSave={async (next) => onChange(next)} />;
}
