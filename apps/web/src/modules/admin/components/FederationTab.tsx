import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { adminApi, adminKeys, type FederationSetting } from '../api/admin';
import { useAdTranslation } from '../i18n';

/** Trino sources (docs/adr/0028): the registry's type code of kind `trino`. */
const TRINO_TYPE = 11;

/**
 * Joins across stores (issue 34, docs/api/data-source.md "Joins across stores through Trino"): the
 * administrator picks the Trino source that runs them and maps each store (a database source's
 * connection, or the analytics store of uploads) to the Trino catalog that holds it.
 */
export function FederationTab({ active }: { active: boolean }) {
  const { ad } = useAdTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FederationSetting>();
  const setting = useQuery({ queryKey: adminKeys.federation, queryFn: adminApi.federation, enabled: active, staleTime: 0 });
  const sources = useQuery({ queryKey: adminKeys.joinable, queryFn: adminApi.joinableSources, enabled: active, staleTime: 0 });
  const save = useMutation({
    mutationFn: adminApi.setFederation,
    onSuccess: (data) => {
      queryClient.setQueryData(adminKeys.federation, data);
      void message.success(ad('federation.saved'));
    },
  });
  useEffect(() => {
    if (setting.data) form.setFieldsValue(setting.data);
  }, [setting.data, form]);

  if (setting.isError) return <Alert type="error" showIcon title={ad('federation.loadFailed')} description={setting.error.message} data-testid="admin-federation-error" />;
  const all = (sources.data ?? []).flatMap((p) => p.dataSources.map((s) => ({ ...s, folder: p.name })));
  const trinoOptions = [{ value: '', label: ad('federation.engineNone') }, ...all.filter((s) => s.type === TRINO_TYPE).map((s) => ({ value: s.dataSourceId, label: `${s.folder} / ${s.name}` }))];
  const sourceOptions = [{ value: 'analytics', label: ad('federation.analytics') }, ...all.filter((s) => s.type !== TRINO_TYPE && s.type !== 8).map((s) => ({ value: s.dataSourceId, label: `${s.folder} / ${s.name}` }))];

  return (
    <div className="bi-admin__tab" data-testid="admin-federation">
      <Typography.Paragraph type="secondary">{ad('federation.intro')}</Typography.Paragraph>
      {sources.data && trinoOptions.length === 1 ? <Alert style={{ marginBottom: 12 }} type="info" showIcon title={ad('federation.noTrino')} data-testid="admin-federation-no-trino" /> : null}
      <Form form={form} layout="vertical" initialValues={{ trinoSourceId: '', mappings: [] }} onFinish={(v) => save.mutate({ trinoSourceId: v.trinoSourceId ?? '', mappings: (v.mappings ?? []).map((m) => ({ ...m, schema: m.schema ?? '' })) })} style={{ maxWidth: 760 }}>
        <Form.Item name="trinoSourceId" label={ad('federation.engine')}>
          <Select options={trinoOptions} loading={sources.isLoading} data-testid="admin-federation-engine" />
        </Form.Item>
        <Typography.Text strong>{ad('federation.mappings')}</Typography.Text>
        <Form.List name="mappings">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }} data-testid="admin-federation-mappings">
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'dataSourceId']} rules={[{ required: true, message: ad('federation.source') }]} style={{ width: 300 }}>
                    <Select options={sourceOptions} placeholder={ad('federation.source')} showSearch optionFilterProp="label" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'catalog']} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{1,128}$/, message: ad('federation.catalog') }]} style={{ width: 180 }}>
                    <Input placeholder={ad('federation.catalog')} maxLength={128} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'schema']} rules={[{ pattern: /^[A-Za-z0-9_-]{0,128}$/, message: ad('federation.schema') }]} style={{ width: 180 }}>
                    <Input placeholder={ad('federation.schema')} maxLength={128} />
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={ad('federation.remove')} />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ dataSourceId: undefined, catalog: '', schema: '' })} disabled={fields.length >= 64} data-testid="admin-federation-add">
                {ad('federation.add')}
              </Button>
            </div>
          )}
        </Form.List>
        <Button type="primary" htmlType="submit" loading={save.isPending} style={{ marginTop: 16 }} data-testid="admin-federation-save">
          {ad('federation.save')}
        </Button>
      </Form>
    </div>
  );
}
