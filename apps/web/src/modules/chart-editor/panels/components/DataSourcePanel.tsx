import '../panels.css';
import { SwapOutlined } from '@ant-design/icons';
import { App, Alert, Button, Form, Select, Spin, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { DialogModal } from '../../../../shared/components/DialogModal';
import { panelsApi, useSourceFields, useSourceFolders, type SourceFolder } from '../api/panels';
import type { SourceField } from '../contract';
import { usePanelsTranslation } from '../i18n';
import { renameFields } from '@bi/chart-model';
import { fieldNamesOf, planSourceSwitch } from '../utils/switchSource';
import { errorText, Note, Problem, type PanelProps } from './common';

/** The chart's data source and the switch dialog. */
export function DataSourcePanel(props: PanelProps) {
  const { pt } = usePanelsTranslation();
  const [open, setOpen] = useState(false);
  const { chart, dataSourceName } = props;
  return (
    <div data-testid="data-source" data-source-id={chart.dataSourceId}>
      <div className="bi-panels__row">
        <span className="bi-panels__label">{pt('dataSource.current')}</span>
        <Typography.Text strong ellipsis={{ tooltip: dataSourceName }} data-testid="data-source-name">
          {chart.dataSourceId ? dataSourceName || pt('dataSource.missing') : pt('dataSource.none')}
        </Typography.Text>
      </div>
      <Button size="small" icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="data-source-switch">
        {pt('dataSource.switch')}
      </Button>
      {open ? <SwitchSourceDialog {...props} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

/**
 * The data sources the caller may chart, by folder (GET /api/chart-edit/dataSources), as one searchable
 * select; `current` (the chart's own source) is shown but cannot be chosen. `onChange` hands over the
 * chosen source with its data-source folder (`projectId`), which the batch switch needs.
 */
export function SourceSelect({ value, onChange, current }: { value: string | undefined; onChange: (id: string, source: SourceFolder['dataSources'][number]) => void; current?: string }) {
  const { pt } = usePanelsTranslation();
  const folders = useSourceFolders(true);
  const options = (folders.data ?? []).map((folder) => ({
    label: folder.name,
    title: folder.name,
    options: folder.dataSources.map((s) => ({
      value: s.dataSourceId,
      title: s.name,
      disabled: s.dataSourceId === current,
      label: s.name,
    })),
  }));
  const pick = (id: string) => {
    const source = (folders.data ?? []).flatMap((f) => f.dataSources).find((s) => s.dataSourceId === id);
    if (source) onChange(id, source);
  };
  return (
    <>
      <Select
        value={value}
        onChange={pick}
        placeholder={pt('dataSource.choose')}
        loading={folders.isLoading}
        showSearch
        optionFilterProp="title"
        options={options}
        optionRender={(o) => <span data-testid={`switch-source-option-${String(o.value)}`}>{o.label}</span>}
        data-testid="switch-source-select"
      />
      {folders.isError ? <Problem text={`${pt('dataSource.loadFailed')}: ${errorText(folders.error)}`} testId="switch-source-load-failed" /> : null}
    </>
  );
}

const titleOf = (fields: readonly SourceField[], name: string) => fields.find((f) => f.name === name)?.title || name;

/** A field's title as the chart stores it (its own alias), for a chart whose source is gone. */
function storedTitle(chart: PanelProps['chart'], name: string): string {
  const field = [...chart.points, ...chart.values, ...chart.secondPoints, ...chart.secondValues].find((f) => f.name === name);
  return field?.title && field.title !== name ? `${field.title} (${name})` : name;
}

/**
 * Switch data source (680 px): choose a source the caller may use; before confirming, the fields the
 * new source has (kept) and lacks (removed) are listed. The server moves and saves the chart; then the
 * editor reloads it.
 */
export function SwitchSourceDialog({ tab, chart, fields, onReload, onClose, sourceMissing = false }: Pick<PanelProps, 'tab' | 'chart' | 'fields' | 'onReload'> & { onClose: () => void; sourceMissing?: boolean }) {
  const { pt } = usePanelsTranslation();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<string | undefined>();
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const newFields = useSourceFields(selected);
  // fields the new source lacks may be mapped to one of its fields instead of removed (old name → new name)
  const [mapping, setMapping] = useState<ReadonlyMap<string, string>>(new Map());
  const used = useMemo(() => fieldNamesOf(chart), [chart]);
  const unmatched = useMemo(() => (newFields.data ? planSourceSwitch(chart, newFields.data).dropped : []), [chart, newFields.data]);
  const mapped = useMemo(() => renameFields(chart, new Map([...mapping].filter(([from]) => unmatched.includes(from)))), [chart, mapping, unmatched]);
  const plan = useMemo(() => (newFields.data ? planSourceSwitch(mapped, newFields.data) : null), [mapped, newFields.data]);
  const mapTo = (from: string, to: string) =>
    setMapping((m) => {
      const next = new Map(m);
      if (to) next.set(from, to);
      else next.delete(from);
      return next;
    });

  const submit = async () => {
    setTried(true);
    if (!selected || busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const result = await panelsApi.switchSource(tab, selected, mapped);
      void message.success(result.dropped.length > 0 ? pt('dataSource.switchedDropped', { names: result.dropped.join(', ') }) : pt('dataSource.switched'));
      onClose();
      onReload();
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return (
    <DialogModal
      open
      title={pt('dataSource.dialogTitle')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: Boolean(selected) && newFields.isLoading }}
      width={680}
    >
      <Form layout="vertical" component="div" data-testid="switch-source-dialog" data-selected={selected ?? ''} data-source-missing={sourceMissing ? 'true' : 'false'}>
        {sourceMissing && used.length > 0 ? (
          // the former source is gone: the fields the chart has stored, by the titles the chart gives them
          <Alert
            type="info"
            showIcon
            className="bi-panels__stored"
            title={pt('dataSource.storedFields')}
            description={
              <>
                <div data-testid="switch-source-stored">
                  {used.map((name) => (
                    <Tag key={name} data-testid={`switch-source-stored-${name}`}>
                      {storedTitle(chart, name)}
                    </Tag>
                  ))}
                </div>
                <Typography.Text type="secondary">{pt('dataSource.storedFieldsHint')}</Typography.Text>
              </>
            }
          />
        ) : null}
        <Form.Item label={pt('dataSource.choose')} validateStatus={tried && !selected ? 'error' : undefined} help={tried && !selected ? pt('dataSource.chooseRequired') : undefined}>
          <SourceSelect
            value={selected}
            onChange={(id) => {
              setSelected(id);
              setMapping(new Map());
            }}
            current={chart.dataSourceId}
          />
        </Form.Item>
        {selected ? (
          newFields.isLoading ? (
            <Spin size="small" description={pt('dataSource.fieldsLoading')}>
              <div className="bi-panels__spin" />
            </Spin>
          ) : newFields.isError ? (
            <Alert type="warning" showIcon title={pt('dataSource.fieldsFailed')} description={errorText(newFields.error)} data-testid="switch-source-fields-failed" />
          ) : plan ? (
            <div data-testid="switch-source-plan" data-kept={plan.kept.join(',')} data-dropped={plan.dropped.join(',')}>
              {used.length === 0 ? <Note>{pt('dataSource.noFields')}</Note> : null}
              {plan.kept.length > 0 ? (
                <div className="bi-panels__plan">
                  <Typography.Text>{pt('dataSource.kept', { count: plan.kept.length })}</Typography.Text>
                  <div data-testid="switch-source-kept">
                    {plan.kept.map((name) => (
                      <Tag key={name} color="green" data-testid={`switch-source-kept-${name}`}>
                        {titleOf(fields, name)}
                      </Tag>
                    ))}
                  </div>
                </div>
              ) : null}
              {plan.dropped.length > 0 ? (
                <div className="bi-panels__plan">
                  <Typography.Text type="danger">{pt('dataSource.dropped', { count: plan.dropped.length })}</Typography.Text>
                  <div data-testid="switch-source-dropped">
                    {plan.dropped.map((name) => (
                      <Tag key={name} color="red" data-testid={`switch-source-dropped-${name}`}>
                        {titleOf(fields, name)}
                      </Tag>
                    ))}
                  </div>
                </div>
              ) : used.length > 0 ? (
                <Note testId="switch-source-nothing-dropped">{pt('dataSource.nothingDropped')}</Note>
              ) : null}
              {unmatched.length > 0 && newFields.data ? (
                <div className="bi-panels__plan" data-testid="switch-source-mapping">
                  <Typography.Text>{pt('dataSource.mapTitle')}</Typography.Text>
                  {unmatched.map((name) => (
                    <div key={name} className="bi-panels__map-row">
                      <Typography.Text ellipsis={{ tooltip: storedTitle(chart, name) }}>{storedTitle(chart, name)}</Typography.Text>
                      <Select
                        size="small"
                        value={mapping.get(name) ?? ''}
                        onChange={(to: string) => mapTo(name, to)}
                        options={[{ value: '', label: pt('dataSource.mapRemove') }, ...newFields.data.map((f) => ({ value: f.name, label: f.title && f.title !== f.name ? `${f.title} (${f.name})` : f.name }))]}
                        popupMatchSelectWidth={false}
                        data-testid={`switch-source-map-${name}`}
                      />
                    </div>
                  ))}
                </div>
              ) : null}
              {plan.retyped.length > 0 ? (
                <div className="bi-panels__plan" data-testid="switch-source-retyped">
                  <Typography.Text type="warning">{pt('dataSource.retypedTitle')}</Typography.Text>
                  <ul className="bi-panels__plain-list">
                    {plan.retyped.map((r) => (
                      <li key={r.name}>{pt('dataSource.retyped', { name: titleOf(fields, r.name), from: pt(`dataTypes.${r.from}`), to: pt(`dataTypes.${r.to}`) })}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {plan.linesRemoved > 0 ? <Note testId="switch-source-lines-removed">{pt('dataSource.linesRemoved', { count: plan.linesRemoved })}</Note> : null}
            </div>
          ) : null
        ) : null}
      </Form>
    </DialogModal>
  );
}
