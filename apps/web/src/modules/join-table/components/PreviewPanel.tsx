import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { errorText } from '../../data-source/components/common';
import { useJtTranslation } from '../i18n';
import type { JoinPreview } from '../types';

interface PreviewPanelProps {
  preview: JoinPreview | undefined;
  /** a preview is being computed */
  fetching: boolean;
  error: unknown;
  /** why there is no preview yet (the first problem of the join), null when it can be previewed */
  waiting: string | null;
  onRefresh: () => void;
}

/** The live preview under the tabs: the join's first 100 rows, its row count and the root's, and a warning when the join multiplies rows. */
export function PreviewPanel({ preview, fetching, error, waiting, onRefresh }: PreviewPanelProps) {
  const { jt } = useJtTranslation();
  let body;
  if (waiting !== null) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="join-preview-waiting">{waiting || jt('preview.waiting')}</span>} />;
  else if (error) body = <Alert type="error" showIcon title={<span data-testid="join-preview-error">{jt('preview.failed', { message: errorText(error) })}</span>} />;
  else if (!preview) body = <Spin description={jt('preview.loading')} />;
  else
    body = (
      <>
        {preview.explodes ? (
          <Alert
            type="warning"
            showIcon
            icon={<WarningOutlined />}
            className="bi-jt-preview__warning"
            title={<span data-testid="join-preview-explosion">{jt('preview.explosion', { count: preview.rowCount, root: preview.rootRowCount })}</span>}
          />
        ) : null}
        <Table
          size="small"
          data-testid="join-preview-table"
          rowKey={(_row, index) => String(index)}
          pagination={false}
          scroll={{ x: 'max-content', y: 300 }}
          dataSource={preview.rows}
          locale={{ emptyText: <span data-testid="join-preview-empty">{jt('preview.empty')}</span> }}
          columns={preview.columns.map((c) => ({
            key: c.name,
            dataIndex: c.name,
            title: c.title,
            ellipsis: true,
            width: 140,
            render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
          }))}
        />
      </>
    );

  return (
    <section className="bi-jt-preview" data-testid="join-preview" aria-busy={fetching}>
      <div className="bi-jt-preview__head">
        <Typography.Text strong>{jt('preview.title')}</Typography.Text>
        {preview && waiting === null && !error ? (
          <Space size={4} wrap>
            <Tag color={preview.explodes ? 'orange' : 'blue'} data-testid="join-preview-rows" data-count={preview.rowCount}>
              {jt('preview.rows', { count: preview.rowCount })}
            </Tag>
            <Tag data-testid="join-preview-root-rows" data-count={preview.rootRowCount}>
              {jt('preview.rootRows', { count: preview.rootRowCount })}
            </Tag>
          </Space>
        ) : null}
        {fetching ? <Spin size="small" /> : null}
        <Button size="small" icon={<ReloadOutlined />} onClick={onRefresh} disabled={waiting !== null} data-testid="join-preview-refresh">
          {jt('preview.refresh')}
        </Button>
      </div>
      {body}
    </section>
  );
}
