import { CalendarOutlined, FieldNumberOutlined, FieldStringOutlined, FunctionOutlined } from '@ant-design/icons';
import type { DataType } from '@bi/chart-model';
import { useChartEditorTranslation } from '../i18n';

const ICONS = { string: FieldStringOutlined, number: FieldNumberOutlined, date: CalendarOutlined } as const;

/** The type icon of a field (text, number, date; calculated fields show ƒ beside it), named for screen readers. */
export function FieldTypeIcon({ dataType, calculated = false }: { dataType: DataType; calculated?: boolean }) {
  const { ce } = useChartEditorTranslation();
  const Icon = ICONS[dataType] ?? FieldStringOutlined;
  const label = ce(`fields.types.${dataType}`);
  return (
    <span className={`bi-field-icon bi-field-icon--${dataType}`} data-type={dataType}>
      <Icon aria-label={label} title={label} role="img" />
      {calculated ? <FunctionOutlined aria-label={ce('fields.calculated')} title={ce('fields.calculated')} role="img" className="bi-field-icon__calc" /> : null}
    </span>
  );
}
