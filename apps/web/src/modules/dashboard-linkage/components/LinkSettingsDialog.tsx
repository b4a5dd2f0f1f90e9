import './linkage.css';
import { defaultLinkageFields, isChartType, type DashboardLinkage, type LinkageTarget } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { useQueries } from '@tanstack/react-query';
import { Alert, App, Checkbox, Empty, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { chartEditorApi, chartEditorKeys } from '../../chart-editor/api/chartEditor';
import { ChartTypeIcon } from '../../chart/components/ChartTypeIcon';
import type { ChartSummary } from '../../chart/types';
import { linkageApi, type LinkageAnswer } from '../api/linkage';
import { useChartAnswer } from '../hooks/useChartAnswer';
import { useLinkageTranslation } from '../i18n';

interface LinkSettingsDialogProps {
  tab: Tab;
  chart: ChartSummary;
  /** every chart of the dashboard */
  charts: readonly ChartSummary[];
  current: DashboardLinkage | undefined;
  onClose: () => void;
  onSaved: (answer: LinkageAnswer) => void;
}

/** Per target: dimension → field of the target's source ('' = not linked); absent = the default mapping. */
type Mappings = Record<string, Record<string, string> | undefined>;

/**
 * Link settings (spec 01 §2, editAuth): which charts a click on this chart filters, and for each which
 * field of its source each dimension of this chart stands for (default: the field of the same name).
 * Saved by PUT /api/dashboard/linkage/{tab}/{chartId}; the server checks it again.
 */
export function LinkSettingsDialog({ tab, chart, charts, current, onClose, onSaved }: LinkSettingsDialogProps) {
  const { lk } = useLinkageTranslation();
  const { message } = App.useApp();
  const { pending, run } = useSubmit();
  const source = useChartAnswer(tab, chart.chartId, true);
  const dims = useMemo(() => source.data?.chart.points ?? [], [source.data]);
  const others = useMemo(() => charts.filter((c) => c.chartId !== chart.chartId), [charts, chart.chartId]);
  const [checked, setChecked] = useState<string[]>(() => current?.targets.map((t) => t.chartId) ?? []);
  const [mappings, setMappings] = useState<Mappings>(() =>
    Object.fromEntries((current?.targets ?? []).map((t) => [t.chartId, Object.fromEntries(t.fields.map((f) => [f.source, f.target]))])),
  );
  const [tried, setTried] = useState(false);

  const withSource = checked.filter((id) => others.find((c) => c.chartId === id)?.dataSourceId);
  const fieldQueries = useQueries({
    queries: withSource.map((id) => ({ queryKey: [...chartEditorKeys.schema(tab, id), 'linkage'], queryFn: () => chartEditorApi.schema(tab, id), staleTime: 60_000 })),
  });
  const fieldsOf = (id: string) => {
    const at = withSource.indexOf(id);
    return at < 0 ? undefined : fieldQueries[at];
  };

  /** The mapping of a target: the chosen fields, or the default once its source's fields are known. */
  const mappingOf = (id: string): Record<string, string> => {
    const chosen = mappings[id];
    if (chosen) return chosen;
    const names = (fieldsOf(id)?.data ?? []).map((f) => f.name);
    return Object.fromEntries(defaultLinkageFields(dims.map((d) => d.name), names).map((f) => [f.source, f.target]));
  };
  const targets: LinkageTarget[] = checked.map((id) => ({
    chartId: id,
    fields: Object.entries(mappingOf(id))
      .filter(([sourceName, target]) => target && dims.some((d) => d.name === sourceName))
      .map(([sourceName, target]) => ({ source: sourceName, target })),
  }));
  const incomplete = targets.filter((t) => t.fields.length === 0).map((t) => t.chartId);

  const save = () =>
    run(async () => {
      setTried(true);
      if (incomplete.length > 0) return;
      const answer = await linkageApi.save(tab, chart.chartId, { targets });
      void message.success(targets.length > 0 ? lk('settings.saved') : lk('settings.removed'));
      onSaved(answer);
      onClose();
    });

  const toggle = (id: string, on: boolean) => setChecked((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
  const setField = (id: string, dim: string, target: string) => setMappings((all) => ({ ...all, [id]: { ...mappingOf(id), [dim]: target } }));

  let body;
  if (source.isPending) body = <Spin tip={lk('settings.loading')} data-testid="link-settings-loading"><div style={{ height: 80 }} /></Spin>;
  else if (source.isError) body = <Alert type="error" showIcon message={lk('settings.loadFailed', { message: source.error.message })} />;
  else if (dims.length === 0) body = <Alert type="info" showIcon message={lk('settings.noDimension')} data-testid="link-settings-no-dimension" />;
  else if (others.length === 0) body = <Empty description={lk('settings.noOthers')} />;
  else
    body = (
      <>
        <Typography.Paragraph type="secondary">{lk('settings.intro')}</Typography.Paragraph>
        <div className="bi-link-settings__list" role="list">
          {others.map((other) => {
            const on = checked.includes(other.chartId);
            const fields = fieldsOf(other.chartId);
            const mapping = on ? mappingOf(other.chartId) : {};
            return (
              <div key={other.chartId} className="bi-link-settings__row" role="listitem" data-testid={`link-target-${other.chartId}`}>
                <Checkbox checked={on} onChange={(e) => toggle(other.chartId, e.target.checked)} data-testid="link-target-check">
                  <span className="bi-link-settings__chart">
                    {isChartType(other.type) ? <ChartTypeIcon type={other.type} /> : null} {other.title}
                  </span>
                </Checkbox>
                {on ? (
                  <div className="bi-link-settings__fields">
                    {!other.dataSourceId ? (
                      <Typography.Text type="secondary">{lk('settings.noSource')}</Typography.Text>
                    ) : fields?.isError ? (
                      <Typography.Text type="danger">{lk('settings.loadFailed', { message: fields.error.message })}</Typography.Text>
                    ) : (
                      dims.map((dim) => (
                        <label key={dim.name} className="bi-link-settings__field">
                          <span className="bi-link-settings__dim" title={dim.name}>{dim.title || dim.name}</span>
                          <span aria-hidden="true">→</span>
                          <Select
                            size="small"
                            className="bi-link-settings__select"
                            data-testid={`link-field-${dim.name}`}
                            loading={fields?.isPending}
                            value={mapping[dim.name] ?? ''}
                            onChange={(value: string) => setField(other.chartId, dim.name, value)}
                            options={[
                              { value: '', label: lk('settings.notMapped') },
                              ...(fields?.data ?? []).map((f) => ({ value: f.name, label: f.title && f.title !== f.name ? `${f.title} (${f.name})` : f.name })),
                            ]}
                            showSearch
                            optionFilterProp="label"
                          />
                        </label>
                      ))
                    )}
                    {tried && incomplete.includes(other.chartId) ? (
                      <Typography.Text type="danger" data-testid="link-target-error">{lk('settings.needField')}</Typography.Text>
                    ) : null}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </>
    );

  return (
    <DialogModal
      open
      title={lk('settings.title', { title: chart.title })}
      onOk={() => void save()}
      onCancel={onClose}
      okText={lk('settings.save')}
      cancelText={lk('settings.cancel')}
      confirmLoading={pending}
      okButtonProps={{ disabled: source.isPending || source.isError || dims.length === 0 }}
      width={700}
    >
      <div data-testid="link-settings-dialog">{body}</div>
    </DialogModal>
  );
}
