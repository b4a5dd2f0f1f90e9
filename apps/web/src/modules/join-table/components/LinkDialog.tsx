import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { JOIN_LIMITS } from '@bi/rules';
import { Alert, Button, Form, Radio, Select, Tooltip } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { fieldOf, type DesignerState, type DraftLink, type DraftPair } from '../states/designer';
import { useJtTranslation } from '../i18n';
import { JOIN_TYPES, type JoinNodeField, type JoinType } from '../types';
import { pairProblem } from '../utils/validate';

interface LinkDialogProps {
  state: DesignerState;
  /** The link being edited; the dialog starts from its join type and pairs (mounted once per opening). */
  link: DraftLink;
  onCancel: () => void;
  onSave: (to: string, joinType: JoinType, pairs: DraftPair[]) => void;
}

/**
 * A link's dialog: the join type (left, inner, full, right) and the join-field pairs (types must
 * match; the last row cannot be removed). OK or Enter applies it; a refused pair keeps the dialog open.
 */
export function LinkDialog({ state, link, onCancel, onSave }: LinkDialogProps) {
  const { jt } = useJtTranslation();
  const [joinType, setJoinType] = useState<JoinType>(link.joinType);
  const [pairs, setPairs] = useState<DraftPair[]>(() => (link.pairs.length ? link.pairs : [{ from: null, to: null }]));
  const [problem, setProblem] = useState<string | null>(null);

  const parent = state.nodes.find((n) => n.showName === link.from);
  const child = state.nodes.find((n) => n.showName === link.to);
  const options = (fields: readonly JoinNodeField[] | undefined) =>
    (fields ?? []).map((f) => ({ value: f.name, label: `${f.originalTitle || f.name} · ${jt(`types.${f.dataType}`)}`, 'data-testid': `join-field-option-${f.name}` }));

  const submit = () => {
    for (const pair of pairs) {
      const p = pairProblem(state, link.from, link.to, pair);
      if (p === 'incomplete') return setProblem(jt('link.incomplete'));
      if (p === 'types') {
        const a = fieldOf(state, link.from, pair.from)!;
        const b = fieldOf(state, link.to, pair.to)!;
        return setProblem(jt('link.typeMismatch', { from: a.name, fromType: jt(`types.${a.dataType}`), to: b.name, toType: jt(`types.${b.dataType}`) }));
      }
    }
    onSave(link.to, joinType, pairs);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    if ((event.target as Element).closest('.ant-select')) return;
    event.preventDefault();
    submit();
  };

  const change = (index: number, side: 'from' | 'to', value: string) => {
    setProblem(null);
    setPairs((rows) => rows.map((row, i) => (i === index ? { ...row, [side]: value } : row)));
  };

  return (
    <DialogModal open title={jt('link.title', { from: link.from, to: link.to })} onCancel={onCancel} onOk={submit} okText={jt('link.ok')} width={680}>
      <div data-testid="join-link-dialog" onKeyDown={onKeyDown}>
        <Form layout="vertical" component="div">
          <Form.Item label={jt('link.type')}>
            <Radio.Group value={joinType} onChange={(e) => setJoinType(e.target.value as JoinType)} optionType="button" buttonStyle="solid" data-testid="join-type">
              {JOIN_TYPES.map((type) => (
                <Radio.Button key={type} value={type} data-testid={`join-type-${type}`}>
                  <span className={`bi-jt-venn bi-jt-venn--${type}`} aria-hidden="true">
                    <i />
                    <i />
                  </span>{' '}
                  {jt(`join.${type}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item label={jt('link.fields')}>
            <div className="bi-jt-pairs">
              <div className="bi-jt-pairs__head">
                <span>{jt('link.fromField', { table: link.from })}</span>
                <span />
                <span>{jt('link.toField', { table: link.to })}</span>
                <span />
              </div>
              {pairs.map((pair, index) => (
                <div className="bi-jt-pairs__row" key={index} data-testid={`join-pair-${index}`}>
                  <Select
                    value={pair.from ?? undefined}
                    placeholder={jt('link.chooseField')}
                    options={options(parent?.fields)}
                    onChange={(v: string) => change(index, 'from', v)}
                    showSearch={{ optionFilterProp: 'label' }}
                    data-testid={`join-pair-${index}-from`}
                    aria-label={jt('link.fromField', { table: link.from })}
                  />
                  <span aria-hidden="true">=</span>
                  <Select
                    value={pair.to ?? undefined}
                    placeholder={jt('link.chooseField')}
                    options={options(child?.fields)}
                    onChange={(v: string) => change(index, 'to', v)}
                    showSearch={{ optionFilterProp: 'label' }}
                    data-testid={`join-pair-${index}-to`}
                    aria-label={jt('link.toField', { table: link.to })}
                  />
                  <Tooltip title={pairs.length <= 1 ? jt('link.lastRow') : jt('link.removeRow')}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      disabled={pairs.length <= 1}
                      aria-label={jt('link.removeRow')}
                      onClick={() => setPairs((rows) => rows.filter((_, i) => i !== index))}
                      data-testid={`join-pair-${index}-remove`}
                    />
                  </Tooltip>
                </div>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={pairs.length >= JOIN_LIMITS.joinFields}
                onClick={() => setPairs((rows) => [...rows, { from: null, to: null }])}
                data-testid="join-pair-add"
              >
                {jt('link.addRow')}
              </Button>
            </div>
          </Form.Item>
        </Form>
        {problem ? <Alert type="error" showIcon title={<span data-testid="join-link-problem">{problem}</span>} /> : null}
      </div>
    </DialogModal>
  );
}
