import { Radio, Switch } from 'antd';
import { usePanelsTranslation } from '../i18n';
import { applyTopN, TOP_N_LIMITS, topNDraftOf, topNHasEffect, topNProblem, type TopNDraft } from '../utils/topN';
import { Note, NumberField, Row, type PanelProps } from './common';

/** The top-N strip (editTopNum): on/off, first or last, how many, items or percent. */
export function TopNPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const draft = topNDraftOf(chart);

  const problemText = (d: TopNDraft): string | null => {
    const problem = topNProblem(d);
    return problem ? pt(`topN.problems.${problem}`, { max: TOP_N_LIMITS.items }) : null;
  };
  /** Hands a changed strip over; an invalid one is answered with its problem. */
  const apply = (d: TopNDraft): string | null => {
    const next = applyTopN(chart, d);
    if (!next) return problemText(d);
    onChange(next);
    return null;
  };
  const stored = problemText(draft);

  return (
    <div data-testid="topn" data-enabled={draft.showItemNum} data-direction={draft.direction} data-num={draft.num ?? ''} data-mode={draft.mode}>
      <Row label={pt('topN.enabled')}>
        <Switch
          size="small"
          checked={draft.showItemNum}
          onChange={(on) => {
            // switching on without a usable number starts from the default
            const d = { ...draft, showItemNum: on };
            if (on && topNProblem(d) !== null) d.num = d.mode === 1 ? Math.min(10, TOP_N_LIMITS.percent) : 10;
            apply(d);
          }}
          data-testid="topn-enabled"
        />
      </Row>
      <Row label={pt('topN.direction')}>
        <Radio.Group size="small" optionType="button" value={draft.direction} disabled={!draft.showItemNum} onChange={(e) => apply({ ...draft, direction: e.target.value as 0 | 1 })} data-testid="topn-direction">
          <Radio.Button value={0}>
            <span data-testid="topn-direction-first">{pt('topN.first')}</span>
          </Radio.Button>
          <Radio.Button value={1}>
            <span data-testid="topn-direction-last">{pt('topN.last')}</span>
          </Radio.Button>
        </Radio.Group>
      </Row>
      <Row label={pt('topN.num')}>
        <NumberField value={draft.num ?? undefined} precision={0} testId="topn-num" ariaLabel={pt('topN.num')} onCommit={(num) => apply({ ...draft, num: num ?? null })} />
      </Row>
      <Row label={pt('topN.mode')}>
        <Radio.Group size="small" optionType="button" value={draft.mode} disabled={!draft.showItemNum} onChange={(e) => {
            const mode = e.target.value as 0 | 1;
            // a number above 100 becomes 100 percent
            apply({ ...draft, mode, num: mode === 1 && draft.num !== null && draft.num > TOP_N_LIMITS.percent ? TOP_N_LIMITS.percent : draft.num });
          }} data-testid="topn-mode">
          <Radio.Button value={0}>
            <span data-testid="topn-mode-items">{pt('topN.items')}</span>
          </Radio.Button>
          <Radio.Button value={1}>
            <span data-testid="topn-mode-percent">{pt('topN.percent')}</span>
          </Radio.Button>
        </Radio.Group>
      </Row>
      {draft.showItemNum && stored ? <Note testId="topn-problem">{stored}</Note> : null}
      {draft.showItemNum && !topNHasEffect(chart) ? <Note testId="topn-no-effect">{pt('topN.noEffect')}</Note> : null}
    </div>
  );
}
