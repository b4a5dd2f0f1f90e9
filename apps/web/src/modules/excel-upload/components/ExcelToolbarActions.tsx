import { CloudUploadOutlined, SwapOutlined } from '@ant-design/icons';
import { UPLOAD_REFERENCE } from '@bi/rules';
import { Button, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useXlTranslation } from '../i18n';
import type { ExcelSourceRef, UploadAction } from '../types';

/** The wizard's path for an uploaded source: the project param holds the source id (spec 02 §2). */
export function excelWizardPath(dataSourceId: string, action: Exclude<UploadAction, 'create'>): string {
  return `/data_source_excel/${encodeURIComponent(dataSourceId)}/${action}`;
}

/**
 * The detail page's "append data" and "replace data (clear, then append)" buttons (spec 02 §2
 * screen 2) for an uploaded source the user may change; nothing for other sources.
 * Drop in the detail toolbar: `<ExcelToolbarActions dataSource={source} />`.
 */
export function ExcelToolbarActions({ dataSource, size }: { dataSource: Pick<ExcelSourceRef, 'dataSourceId' | 'reference' | 'editable'>; size?: 'small' | 'middle' | 'large' }) {
  const { xl } = useXlTranslation();
  const navigate = useNavigate();
  if (dataSource.reference !== UPLOAD_REFERENCE || !dataSource.editable) return null;
  return (
    <Space size={8} className="bi-xl-toolbar">
      <Button size={size} icon={<CloudUploadOutlined />} onClick={() => void navigate(excelWizardPath(dataSource.dataSourceId, 'append'))} data-testid="excel-append">
        {xl('actions.append')}
      </Button>
      <Button size={size} icon={<SwapOutlined />} onClick={() => void navigate(excelWizardPath(dataSource.dataSourceId, 'replace'))} data-testid="excel-replace">
        {xl('actions.replace')}
      </Button>
    </Space>
  );
}
