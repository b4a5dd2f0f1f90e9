import type { Chart, WarnConfig } from '@bi/chart-model';
import { Button, Modal, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useWarnTranslation } from '../i18n';
import { alertsOffered, configOf, itemCount } from '../utils/form';
import { WARN_MAX_ITEMS, emptyWarnConfig, warnItems } from '@bi/chart-model';
import { LazyAlarmSettings } from './LazyAlarmSettings';

interface AlarmPanelProps {
  tab: string;
  chart: Chart;
  /** the editor saves the chart with its alerts (PUT /api/chart-edit/{tab}); resolves once saved */
  onSave(next: Chart): Promise<unknown>;
}

/**
 * The chart editor's alert panel (spec 01 §2: dashboard route; bar, line, gauge, card, doubleaxis):
 * the chart's alerts at a glance and the alarm settings (list and edit views) in a dialog; saved with
 * the chart.
 */
export function AlarmPanel({ tab, chart, onSave }: AlarmPanelProps) {
  const { wt } = useWarnTranslation();
  const [open, setOpen] = useState(false);
  const config = configOf(chart.warnConfigData);
  const save = (next: WarnConfig) => onSave({ ...chart, warnConfigData: next });
  if (!alertsOffered(tab, chart.type)) {
    // a kind without alerts (after a type switch) cannot be saved with them: the user removes them here
    const count = itemCount(config);
    return (
      <div className="bi-alarm-panel" data-testid="alarm-panel">
        <Typography.Text type={count > 0 ? 'warning' : 'secondary'}>{wt('alarm.unavailable')}</Typography.Text>
        {count > 0 ? (
          <Button danger onClick={() => void save(emptyWarnConfig())} data-testid="alarm-panel-remove-all">
            {wt('alarm.removeAll', { count })}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="bi-alarm-panel" data-testid="alarm-panel">
      <Typography.Text type="secondary">{wt('alarm.count', { count: itemCount(config), max: WARN_MAX_ITEMS })}</Typography.Text>
      {warnItems(config).map(({ item }, i) => (
        <div key={item.warnId ?? i} className="bi-alarm-panel__item">
          <span title={item.warnName}>{item.warnName}</span>
          <Switch size="small" checked={item.isSwitch} disabled aria-label={wt('alarm.switch')} />
        </div>
      ))}
      <Button onClick={() => setOpen(true)} data-testid="alarm-panel-open">
        {wt('alarm.title')}
      </Button>
      <Modal open={open} title={wt('alarm.titleOf', { chart: chart.title })} width={820} onCancel={() => setOpen(false)} destroyOnHidden footer={<Button onClick={() => setOpen(false)}>{wt('alarm.close')}</Button>}>
        <div data-testid="alarm-dialog">
          <LazyAlarmSettings chart={chart} value={config} onSave={save} />
        </div>
      </Modal>
    </div>
  );
}
