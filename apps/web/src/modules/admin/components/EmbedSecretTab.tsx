import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { adminApi, adminKeys } from '../api/admin';
import { useAdTranslation } from '../i18n';

/**
 * The embedding secret (docs/api/embedding.md): administrators see it (hidden until asked), copy it for
 * the embedding application's server, and rotate it (every token signed with the old one stops); a
 * secret set by BI_EMBED_SECRET is changed there, not here.
 */
export function EmbedSecretTab({ active }: { active: boolean }) {
  const { ad } = useAdTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const query = useQuery({ queryKey: adminKeys.embedSecret, queryFn: adminApi.embedSecret, enabled: active, staleTime: 0 });
  const rotate = useMutation({
    mutationFn: adminApi.rotateEmbedSecret,
    onSuccess: (data) => {
      queryClient.setQueryData(adminKeys.embedSecret, data);
      void message.success(ad('embed.rotated'));
    },
  });

  if (query.isError) return <Alert type="error" showIcon title={ad('embed.loadFailed')} description={query.error.message} data-testid="admin-embed-error" />;
  const data = query.data;
  const fromEnv = data?.source === 'env';
  const masked = data ? `${data.secret.slice(0, 4)}${'•'.repeat(24)}` : '';

  return (
    <div className="bi-admin__tab" data-testid="admin-embed">
      <Typography.Paragraph type="secondary">{ad('embed.intro')}</Typography.Paragraph>
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 160 } }}>
        <Descriptions.Item label={ad('embed.secret')}>
          <Space wrap>
            <Typography.Text code className="bi-admin__secret" data-testid="admin-embed-secret">
              {shown ? data?.secret : masked}
            </Typography.Text>
            <Button size="small" icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => setShown(!shown)} disabled={!data} data-testid="admin-embed-show">
              {shown ? ad('embed.hide') : ad('embed.show')}
            </Button>
            <Button
              size="small"
              icon={<CopyOutlined />}
              disabled={!data}
              onClick={() => void navigator.clipboard?.writeText(data?.secret ?? '').then(() => message.success(ad('embed.copied')))}
              data-testid="admin-embed-copy"
            >
              {ad('embed.copy')}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={ad('embed.source')}>
          <span data-testid="admin-embed-source">{fromEnv ? ad('embed.fromEnv') : ad('embed.fromFile')}</span>
        </Descriptions.Item>
      </Descriptions>
      <Space className="bi-admin__bar" style={{ marginTop: 16 }}>
        <Popconfirm placement="bottomLeft" title={ad('embed.rotateConfirm')} okText={ad('embed.rotate')} okButtonProps={{ danger: true, 'data-testid': 'admin-embed-rotate-ok' } as never} onConfirm={() => rotate.mutate()} disabled={fromEnv || !data}>
          <Button danger icon={<SyncOutlined />} loading={rotate.isPending} disabled={fromEnv || !data} data-testid="admin-embed-rotate">
            {ad('embed.rotate')}
          </Button>
        </Popconfirm>
      </Space>
      {fromEnv ? <Alert style={{ marginTop: 12 }} type="info" showIcon title={ad('embed.envHint')} /> : null}
    </div>
  );
}
