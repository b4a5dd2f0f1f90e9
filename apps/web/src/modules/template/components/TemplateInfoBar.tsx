import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../../shared/format/time';
import { useTemplateInfo } from '../hooks/useTemplates';
import { useTemplateActions } from '../hooks/useTemplateActions';
import { useTpTranslation } from '../i18n';

/**
 * Above an open template: its version, publisher and time (GET /api/template/info), whether it is
 * shown read-only (?apiName=template), and copy into one's dashboards / export.
 */
export function TemplateInfoBar({ dashboardId, readOnly, name }: { dashboardId: string; readOnly: boolean; name: string }) {
  const { tp } = useTpTranslation();
  const info = useTemplateInfo(dashboardId);
  const actions = useTemplateActions();
  const template = info.data ?? null;
  return (
    <div className="bi-template-bar" data-testid="template-info-bar">
      <Space size={8} wrap className="bi-template-bar__facts">
        {readOnly ? (
          <Tag color="blue" data-testid="template-read-only">
            {tp('view.readOnly')}
          </Tag>
        ) : null}
        {template ? (
          <>
            <Tag data-testid="template-version">{tp('view.version', { version: template.version })}</Tag>
            <Typography.Text type="secondary" data-testid="template-published-by">
              {tp('view.publishedBy', { publisher: template.publisherName, time: formatTime(template.publishedAt) })}
            </Typography.Text>
          </>
        ) : null}
      </Space>
      <Space size={8}>
        {actions.canCopy ? (
          <Button size="small" icon={<CopyOutlined />} data-testid="template-copy" onClick={() => actions.copy({ kind: 'dash', id: dashboardId, name: template?.kind === 'dash' ? template.name : name })}>
            {tp('menu.copyToDashboards')}
          </Button>
        ) : null}
        <Button size="small" icon={<ExportOutlined />} data-testid="template-export" onClick={() => actions.exportTemplate('dash', dashboardId)}>
          {tp('view.exportFile')}
        </Button>
      </Space>
      {actions.dialogs}
    </div>
  );
}
