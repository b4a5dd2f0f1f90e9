import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useChartEditorTranslation } from '../i18n';
import { aliasProblem, fieldLabel } from '../utils/fields';
import type { ChartField } from '../types';

interface AliasDialogProps {
  field: ChartField | null;
  onSubmit: (alias: string) => void;
  onClose: () => void;
}

/** Field alias (spec 01 §5): required, 1 to 20 characters. */
export function AliasDialog({ field, onSubmit, onClose }: AliasDialogProps) {
  const { ce } = useChartEditorTranslation();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (field) {
      setValue(fieldLabel(field));
      setTouched(false);
    }
  }, [field]);
  const problem = aliasProblem(value);
  const submit = () => {
    setTouched(true);
    if (problem || !field) return;
    onSubmit(value.trim());
  };
  return (
    <DialogModal
      open={field !== null}
      title={field ? ce('alias.title', { name: field.name }) : ''}
      onOk={submit}
      onCancel={onClose}
      width={450}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={ce('alias.label')} validateStatus={touched && problem ? 'error' : undefined} help={touched && problem ? <span data-testid="alias-error">{ce(problem === 'required' ? 'alias.required' : problem === 'line_break' ? 'alias.lineBreak' : 'alias.length')}</span> : undefined} required>
          <Input
            autoFocus
            value={value}
            placeholder={ce('alias.placeholder')}
            onChange={(e) => {
              setValue(e.target.value);
              setTouched(true);
            }}
            onPressEnter={submit}
            data-testid="alias-input"
            aria-label={ce('alias.label')}
          />
        </Form.Item>
      </Form>
    </DialogModal>
  );
}
