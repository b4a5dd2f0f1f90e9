import type { WarnConfig } from '@bi/chart-model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin } from 'antd';
import { useState } from 'react';
import { fetchWarnSettings, saveWarnSettings } from '../api/alarm';
import { useWarnTranslation } from '../i18n';
import { alertsOffered, configOf } from '../utils/form';
import { LazyAlarmSettings } from './LazyAlarmSettings';

interface AlarmDialogProps {
  tab: string;
  chartId: string;
  title: string;
  open: boolean;
  onClose(): void;
}

export const warnSettingsKey = (tab: string, chartId: string) => ['warnings', 'settings', tab, chartId] as const;

/**
 * The chart box's alarm dialog (spec 01 §2, §4): reads the chart's alerts and saves them on their own
 * (PUT /api/chart-edit/warn/{tab}); list and edit views inside.
 */
export function AlarmDialog({ tab, chartId, title, open, onClose }: AlarmDialogProps) {
  const { wt } = useWarnTranslation();
  const client = useQueryClient();
  const key = warnSettingsKey(tab, chartId);
  // the edit view's Cancel/Save row goes into the footer, in place of Close
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [editing, setEditing] = useState(false);
  const settings = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchWarnSettings(tab, chartId, signal), enabled: open, staleTime: 0 });
  const save = async (next: WarnConfig) => {
    const saved = await saveWarnSettings(tab, chartId, next);
    client.setQueryData(key, (old: typeof settings.data) => (old ? { ...old, warnConfigData: saved.warnConfigData ?? next } : old));
  };

  let body;
  if (settings.isPending) body = <Spin tip={wt('alarm.loading')} data-testid="alarm-loading"><div style={{ minHeight: 80 }} /></Spin>;
  else if (settings.isError) body = <Alert type="error" showIcon title={settings.error instanceof Error ? settings.error.message : wt('alarm.unavailable')} data-testid="alarm-load-error" />;
  else if (!alertsOffered(tab, settings.data.type)) body = <Alert type="info" showIcon title={wt('alarm.unavailable')} data-testid="alarm-unavailable" />;
  else body = <LazyAlarmSettings chart={settings.data} value={configOf(settings.data.warnConfigData)} onSave={save} footer={footer} onEditing={setEditing} states={settings.data.alertStates} />;

  return (
    <Modal
      open={open}
      title={wt('alarm.titleOf', { chart: settings.data?.title ?? title })}
      width={820}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="bi-alarm__dialog-footer">
          <div ref={setFooter} className="bi-alarm__footer-slot" />
          {editing ? null : (
            <Button onClick={onClose} data-testid="alarm-close">
              {wt('alarm.close')}
            </Button>
          )}
        </div>
      }
    >
      <div data-testid="alarm-dialog">{body}</div>
    </Modal>
  );
}
