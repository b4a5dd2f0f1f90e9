import { Table } from 'antd';
import { useShTranslation } from '../i18n';
import type { PublishFailure } from '../types';

/** The publish failure log (spec 02 §3): one row per source that failed, with its reason. */
export function FailureTable({ failures }: { failures: PublishFailure[] }) {
  const { sh } = useShTranslation();
  return (
    <Table<PublishFailure & { key: string }>
      size="small"
      data-testid="share-failures"
      pagination={false}
      scroll={{ y: 280 }}
      dataSource={failures.map((f, index) => ({ ...f, key: `${f.dataSourceId ?? f.dataSourceName}-${index}` }))}
      columns={[
        { key: 'dataSourceName', dataIndex: 'dataSourceName', title: sh('result.dataSourceName'), width: '40%', render: (name: string) => <span data-testid="share-failure-name">{name}</span> },
        { key: 'failedMessage', dataIndex: 'failedMessage', title: sh('result.failedMessage'), render: (text: string) => <span data-testid="share-failure-message">{text}</span> },
      ]}
    />
  );
}
