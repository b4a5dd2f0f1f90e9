import { Button, Input, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { usePanelsTranslation } from '../i18n';
import { checkCustomOption, CUSTOM_OPTION_MAX_LENGTH, customOptionChanged, formatCustomOption } from '../utils/customOption';
import { Note, Problem, type PanelProps } from './common';

/** The custom option: JSON object text, checked before it is handed to the editor (which saves it on its own call). */
export function CustomOptionPanel({ chart, onCustomOptionChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const stored = chart.customOption ?? '';
  const [text, setText] = useState(stored);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = useRef(false);

  // follow the stored text (a reload, an undo) unless the user is editing
  useEffect(() => {
    if (!dirty.current) setText(stored);
  }, [stored]);

  const changed = customOptionChanged(text, stored);
  const check = () => {
    const c = checkCustomOption(text);
    if (c.ok) {
      setProblem(null);
      return c;
    }
    setProblem(
      c.problem === 'json'
        ? pt('customOption.problems.json', { detail: c.detail })
        : c.problem === 'tooLong'
          ? pt('customOption.problems.tooLong', { max: CUSTOM_OPTION_MAX_LENGTH })
          : pt('customOption.problems.notObject'),
    );
    return null;
  };
  const apply = () => {
    const c = check();
    if (!c) return;
    dirty.current = false;
    setText(c.text);
    if (customOptionChanged(c.text, stored)) onCustomOptionChange(c.text);
  };

  return (
    <div data-testid="custom-option" data-dirty={changed}>
      <Note>{pt('customOption.hint')}</Note>
      <Input.TextArea
        value={text}
        onChange={(e) => {
          dirty.current = true;
          setText(e.target.value);
          if (problem) setProblem(null);
        }}
        autoSize={{ minRows: 4, maxRows: 16 }}
        placeholder={pt('customOption.placeholder')}
        spellCheck={false}
        className="bi-panels__code"
        status={problem ? 'error' : undefined}
        data-testid="custom-option-text"
      />
      <Problem text={problem} testId="custom-option-error" />
      <Space size={4} wrap>
        <Button size="small" type="primary" disabled={!changed} onClick={apply} data-testid="custom-option-apply">
          {pt('customOption.apply')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            if (check()) setText(formatCustomOption(text));
          }}
          disabled={text.trim() === ''}
          data-testid="custom-option-format"
        >
          {pt('customOption.format')}
        </Button>
        <Button
          size="small"
          disabled={!changed}
          onClick={() => {
            dirty.current = false;
            setText(stored);
            setProblem(null);
          }}
          data-testid="custom-option-revert"
        >
          {pt('customOption.revert')}
        </Button>
      </Space>
    </div>
  );
}
