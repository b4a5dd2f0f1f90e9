import { normalizeColor } from '@bi/charts';
import type { Chart } from '@bi/chart-model';
import { ColorPicker, Input, InputNumber, Space, Switch, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import i18n from '../../../../shared/i18n';
import type { ChartPanelsProps } from '../contract';
import { usePanelsTranslation } from '../i18n';

/** What every panel gets: the chart, the source fields and the editor's callbacks. */
export type PanelProps = Pick<ChartPanelsProps, 'tab' | 'chart' | 'fields' | 'dataSourceName' | 'onChange' | 'onCustomOptionChange' | 'onReload'>;

/** The text of a thrown error (ApiError messages are the server's, in the UI language). */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : i18n.t('errors.operationFailed');
}

/** A labelled row: the label on the left, the control on the right. */
export function Row({ label, children, hint, testId }: { label: ReactNode; children: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="bi-panels__row" data-testid={testId}>
      <span className="bi-panels__label">
        {label}
        {hint ? (
          <Tooltip title={hint}>
            <Typography.Text type="secondary" className="bi-panels__hint-mark">
              {' '}
              ⓘ
            </Typography.Text>
          </Tooltip>
        ) : null}
      </span>
      <span className="bi-panels__control">{children}</span>
    </div>
  );
}

/** A problem under a control. */
export function Problem({ text, testId }: { text: string | null | undefined; testId?: string }) {
  if (!text) return null;
  return (
    <Typography.Text type="danger" className="bi-panels__problem" data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography.Text type="secondary" className="bi-panels__note" data-testid={testId}>
      {children}
    </Typography.Text>
  );
}

/** A switch row whose state is the chart's. */
export function SwitchRow({ label, checked, onChange, testId, hint }: { label: ReactNode; checked: boolean; onChange: (on: boolean) => void; testId: string; hint?: ReactNode }) {
  return (
    <Row label={label} hint={hint}>
      <Switch size="small" checked={checked} onChange={onChange} data-testid={testId} aria-checked={checked} />
    </Row>
  );
}

interface NumberFieldProps {
  value: number | undefined;
  /** Called on Enter and on leaving the field with the new value (undefined when emptied); answers a problem text or null. */
  onCommit: (value: number | undefined) => string | null;
  testId: string;
  placeholder?: string;
  min?: number;
  max?: number;
  /** 0 for whole numbers */
  precision?: number;
  width?: number | string;
  ariaLabel?: string;
}

/**
 * A number input that hands its value over on Enter or when it loses focus (not on each keystroke),
 * and shows the problem the owner answers. It follows the chart's value while not being edited.
 */
export function NumberField({ value, onCommit, testId, placeholder, min, max, precision, width = '100%', ariaLabel }: NumberFieldProps) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const editing = useRef(false);

  useEffect(() => {
    if (!editing.current) {
      setDraft(value ?? null);
      setProblem(null);
    }
  }, [value]);

  const commit = () => {
    editing.current = false;
    const next = draft === null ? undefined : draft;
    if (next === value) {
      setProblem(null);
      return;
    }
    setProblem(onCommit(next));
  };

  return (
    <>
      <InputNumber<number>
        value={draft}
        onChange={(v) => {
          editing.current = true;
          setDraft(typeof v === 'number' && Number.isFinite(v) ? v : null);
        }}
        onBlur={commit}
        onPressEnter={commit}
        placeholder={placeholder}
        min={min}
        max={max}
        precision={precision}
        style={{ width }}
        size="small"
        status={problem ? 'error' : undefined}
        data-testid={testId}
        aria-label={ariaLabel}
      />
      <Problem text={problem} testId={`${testId}-error`} />
    </>
  );
}

interface ColorInputProps {
  value: string | undefined;
  /** a valid colour ('#…'), or undefined when cleared (allowClear) */
  onChange: (color: string | undefined) => void;
  testId: string;
  allowClear?: boolean;
  /** 'change': every valid text is handed over (dialog drafts); 'blur': on Enter or leaving the field */
  commit?: 'change' | 'blur';
  placeholder?: string;
  ariaLabel?: string;
  /** 'small' in panels, 'middle' in dialogs */
  size?: 'small' | 'middle';
  /** the colour drawn while none is set (the picker's swatch) */
  fallback?: string;
}

/** A colour as hex text with a picker beside it; invalid text is marked and not handed over. */
export function ColorInput({ value, onChange, testId, allowClear = false, commit = 'blur', placeholder, ariaLabel, size = 'small', fallback }: ColorInputProps) {
  const { pt } = usePanelsTranslation();
  const [text, setText] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);
  const editing = useRef(false);

  useEffect(() => {
    if (!editing.current) {
      setText(value ?? '');
      setInvalid(false);
    }
  }, [value]);

  const hand = (raw: string, final: boolean) => {
    const trimmed = raw.trim();
    if (trimmed === '') {
      if (allowClear) {
        setInvalid(false);
        if (value !== undefined) onChange(undefined);
      } else if (final) setInvalid(true);
      return;
    }
    const color = normalizeColor(trimmed);
    if (color === null) {
      if (final) setInvalid(true);
      return;
    }
    setInvalid(false);
    if (color !== value) onChange(color);
  };

  const swatch = normalizeColor(text) ?? value ?? fallback ?? '#FFFFFF';
  return (
    <>
      <Space.Compact size={size} style={{ width: '100%' }}>
        <ColorPicker
          size={size}
          value={swatch}
          disabledAlpha
          onChangeComplete={(c) => {
            const hex = c.toHexString().toUpperCase();
            editing.current = false;
            setText(hex);
            setInvalid(false);
            if (hex !== value) onChange(hex);
          }}
          aria-label={pt('color.pick')}
          data-testid={`${testId}-picker`}
        />
        <Input
          value={text}
          onChange={(e) => {
            editing.current = true;
            setText(e.target.value);
            if (commit === 'change' || (allowClear && e.target.value === '')) hand(e.target.value, false);
          }}
          onBlur={() => {
            editing.current = false;
            hand(text, true);
          }}
          onPressEnter={() => {
            editing.current = false;
            hand(text, true);
          }}
          allowClear={allowClear}
          placeholder={placeholder ?? pt('color.placeholder')}
          status={invalid ? 'error' : undefined}
          maxLength={32}
          data-testid={testId}
          aria-label={ariaLabel}
        />
      </Space.Compact>
      <Problem text={invalid ? pt('color.invalid') : null} testId={`${testId}-error`} />
    </>
  );
}

/** Chart update helper: the new chart goes to the editor unless it is the same object. */
export function useChartUpdate(chart: Chart, onChange: (next: Chart) => void) {
  return (next: Chart | null) => {
    if (next && next !== chart) onChange(next);
  };
}
