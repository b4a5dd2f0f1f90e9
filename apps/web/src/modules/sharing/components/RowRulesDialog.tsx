import { DeleteOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Input, Select, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useChartEditorTranslation } from '../../chart-editor/i18n';
import { usesRange } from '../../chart-editor/utils/filters';
import { useRowRules, useSaveRowRules, useShareForm } from '../hooks/useSharing';
import { useShTranslation } from '../i18n';
import type { Principal } from '../types';
import {
  MAX_RULE_ROWS,
  newRow,
  OPERATOR_LABEL_KEYS,
  operatorsFor,
  rowProblem,
  toRows,
  toRuleSet,
  withField,
  type RuleField,
  type RuleRow,
} from '../utils/rowRules';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import '../sharing.css';

export interface RowRulesTarget {
  dataSourceId: string;
  name: string;
  fields: readonly (RuleField & { title?: string })[];
}

/**
 * The row-level rules of one source (issue 17 #6; docs/api/sharing.md "Row-level rules"), admins only:
 * rules `field operator value` per role or user, deny-by-default, saved with PUT row_rules/{id}. A refused
 * save shows the server's message and keeps the form as it was.
 */
export function RowRulesDialog({ target, onClose }: { target: RowRulesTarget | null; onClose: () => void }) {
  const { sh } = useShTranslation();
  const { ce } = useChartEditorTranslation();
  const { message } = App.useApp();
  const open = target !== null;
  const rules = useRowRules(target?.dataSourceId ?? '', open);
  const principals = useShareForm(undefined, open);
  const save = useSaveRowRules();
  const [rows, setRows] = useState<RuleRow[]>([]);
  const [deny, setDeny] = useState(false);
  const [tried, setTried] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const fields = useMemo(() => target?.fields ?? [], [target]);

  const loaded = rules.data;
  useEffect(() => {
    if (!open || !loaded) return;
    setRows(toRows(loaded));
    setDeny(loaded.denyByDefault);
  }, [open, loaded]);
  useEffect(() => {
    if (!open) {
      setTried(false);
      setSaveError(null);
    }
  }, [open]);

  const targetOptions = useMemo(() => {
    const roles = principals.data?.roles ?? [];
    const users = principals.data?.users ?? [];
    const known = new Set([...roles.map((r) => `role:${r.id}`), ...users.map((u) => `user:${u.id}`)]);
    const option = (kind: 'role' | 'user') => (p: Principal) => ({ value: `${kind}:${p.id}`, label: p.name, 'data-testid': `rule-target-${kind}-${p.id}` });
    // a stored rule naming a role or user that is gone stays visible (and is refused on save)
    const gone = rows.filter((r) => r.target && !known.has(r.target)).map((r) => ({ value: r.target, label: sh('rules.unknown', { id: r.target.replace(/^(role|user):/, '') }) }));
    return [
      { label: sh('rules.roles'), options: roles.map(option('role')) },
      { label: sh('rules.users'), options: users.map(option('user')) },
      ...(gone.length > 0 ? [{ label: '—', options: gone }] : []),
    ];
  }, [principals.data, rows, sh]);

  const fieldOptions = fields.map((f) => ({ value: f.name, label: f.title || f.name }));
  const change = (key: string, update: (row: RuleRow) => RuleRow) => setRows((list) => list.map((r) => (r.key === key ? update(r) : r)));
  const problems = rows.map((r) => rowProblem(r, fields));
  const busy = save.isPending;

  const onSave = async () => {
    if (!target || busy) return;
    setTried(true);
    setSaveError(null);
    if (problems.some((p) => p !== null) || rows.length > MAX_RULE_ROWS) return;
    try {
      await save.mutateAsync({ dataSourceId: target.dataSourceId, body: toRuleSet(rows, deny, fields) });
      void message.success(sh('rules.saved'));
      onClose();
    } catch (error) {
      // the server's message in the user's language; the form stays as it was
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  };

  const valueInput = (row: RuleRow, index: number, part: 'value' | 'left' | 'right', placeholder: string, type: RuleField['dataType'] | undefined) => (
    <Input
      value={row[part]}
      placeholder={type === 'date' ? 'YYYY-MM-DD' : placeholder}
      aria-label={placeholder}
      maxLength={1000}
      disabled={busy}
      className="bi-rules__value"
      onChange={(e) => change(row.key, (r) => ({ ...r, [part]: e.target.value }))}
      data-testid={`rule-${part}-${index}`}
    />
  );

  let body;
  if (rules.isPending || principals.isPending) {
    body = <PendingSpin className="bi-share__status" />;
  } else if (rules.isError || principals.isError) {
    body = <Alert type="error" showIcon title={sh('rules.loadFailed')} description={(rules.error ?? principals.error)?.message} data-testid="rules-load-error" />;
  } else {
    body = (
      <div className="bi-rules">
        <Typography.Paragraph type="secondary" className="bi-share__hint">
          {sh('rules.hint')}
        </Typography.Paragraph>
        <label className="bi-rules__deny">
          <Switch checked={deny} onChange={setDeny} disabled={busy} data-testid="rules-deny" />
          <span>{sh('rules.denyByDefault')}</span>
        </label>
        {rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={sh('rules.empty')} data-testid="rules-empty" /> : null}
        <ol className="bi-rules__list" data-testid="rules-list">
          {rows.map((row, index) => {
            const type = fields.find((f) => f.name === row.field)?.dataType;
            const problem = tried ? problems[index] : null;
            return (
              <li key={row.key} className="bi-rules__row" data-testid={`rule-row-${index}`}>
                <div className="bi-rules__line">
                  <Select
                    value={row.target || undefined}
                    placeholder={sh('rules.targetPlaceholder')}
                    options={targetOptions}
                    onChange={(value: string) => change(row.key, (r) => ({ ...r, target: value }))}
                    disabled={busy}
                    showSearch={{ optionFilterProp: 'label' }}
                    className="bi-rules__target"
                    aria-label={sh('rules.target')}
                    popupMatchSelectWidth={false}
                    data-testid={`rule-target-${index}`}
                  />
                  <Select
                    value={row.field || undefined}
                    placeholder={sh('rules.field')}
                    options={fieldOptions}
                    onChange={(name: string) => change(row.key, (r) => withField(r, fields.find((f) => f.name === name)))}
                    disabled={busy}
                    showSearch={{ optionFilterProp: 'label' }}
                    className="bi-rules__field"
                    aria-label={sh('rules.field')}
                    popupMatchSelectWidth={false}
                    data-testid={`rule-field-${index}`}
                  />
                  <Select
                    value={row.compare || undefined}
                    placeholder={sh('rules.operator')}
                    options={operatorsFor(type).map((op) => ({ value: op, label: ce(`filter.operators.${OPERATOR_LABEL_KEYS[op]}`), 'data-testid': `rule-op-${OPERATOR_LABEL_KEYS[op]}` }))}
                    onChange={(compare: RuleRow['compare']) => change(row.key, (r) => ({ ...r, compare }))}
                    disabled={busy}
                    className="bi-rules__operator"
                    aria-label={sh('rules.operator')}
                    popupMatchSelectWidth={false}
                    data-testid={`rule-operator-${index}`}
                  />
                  {row.compare && usesRange(row.compare) ? (
                    <>
                      {valueInput(row, index, 'left', sh('rules.from'), type)}
                      {valueInput(row, index, 'right', sh('rules.to'), type)}
                    </>
                  ) : (
                    valueInput(row, index, 'value', sh('rules.value'), type)
                  )}
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={sh('rules.remove')}
                    disabled={busy}
                    onClick={() => setRows((list) => list.filter((r) => r.key !== row.key))}
                    data-testid={`rule-remove-${index}`}
                  />
                </div>
                {problem ? (
                  <Typography.Text type="danger" className="bi-rules__problem" data-testid={`rule-problem-${index}`}>
                    {sh(`rules.problems.${problem}`)}
                  </Typography.Text>
                ) : null}
              </li>
            );
          })}
        </ol>
        <Button
          icon={<PlusOutlined />}
          onClick={() => setRows((list) => [...list, newRow(fields)])}
          disabled={busy || rows.length >= MAX_RULE_ROWS || fields.length === 0}
          data-testid="rules-add"
        >
          {sh('rules.add')}
        </Button>
        {rows.length >= MAX_RULE_ROWS ? <Typography.Text type="secondary"> {sh('rules.tooMany', { max: MAX_RULE_ROWS })}</Typography.Text> : null}
        {saveError ? (
          <Alert type="error" showIcon className="bi-share__alert bi-rules__error" title={sh('rules.saveFailed')} description={saveError} data-testid="rules-save-error" />
        ) : null}
      </div>
    );
  }

  return (
    <DialogModal
      open={open}
      title={<span data-testid="rules-dialog-title">{target ? sh('rules.title', { name: target.name }) : ''}</span>}
      okText={sh('rules.save')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: !rules.data || !principals.data }}
      width={880}
      className="bi-rules-dialog"
    >
      <div data-testid="rules-dialog">{body}</div>
    </DialogModal>
  );
}

/** The "Row rules" toolbar button of a source's detail page with its dialog (render it for admins only). */
export function RowRulesButton({ source }: { source: RowRulesTarget }) {
  const { sh } = useShTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FilterOutlined />} onClick={() => setOpen(true)} data-testid="ds-row-rules">
        {sh('rules.action')}
      </Button>
      <RowRulesDialog target={open ? source : null} onClose={() => setOpen(false)} />
    </>
  );
}
