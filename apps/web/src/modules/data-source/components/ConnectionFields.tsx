import { Form, Input, InputNumber, Radio, Select } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useDsTranslation } from '../i18n';
import type { Connection, SourceType } from '../types';
import { defaultConnection, hasCatalog, isOracle, passwordRequired, sourceEngine, type ConnectionFormValues } from '../utils/connection';

interface ConnectionFieldsProps {
  type: SourceType;
  /** Where the values live in the surrounding form ([] = top level). */
  prefix?: string[];
  /** Edit screen: the stored connection (an empty password keeps its password while host, port and type stay). */
  stored?: Connection | null;
}

const ROLES = ['Default', 'SYSDBA', 'SYSOPER'] as const;

/**
 * The database connection form of spec 02 §3: host, port, user name, password; Oracle adds
 * Basic/TNS, the service name (or the TNS descriptor) and the role; the others the initial database.
 * Enter in a field submits the surrounding antd Form (it holds a submit button).
 */
export function ConnectionFields({ type, prefix = [], stored = null }: ConnectionFieldsProps) {
  const { ds } = useDsTranslation();
  const form = Form.useFormInstance();
  const name = (key: keyof ConnectionFormValues): NamePath => [...prefix, key];
  const kind = Form.useWatch(name('type'), form) as ConnectionFormValues['type'] | undefined;
  const oracle = isOracle(type);
  const tns = oracle && kind === 'TNS';
  const trino = hasCatalog(type);
  const keepHint = stored?.hasPassword ? ds('conn.passwordKeep') : undefined;

  return (
    <div className="bi-ds-conn" data-testid="conn-form">
      {oracle ? (
        <Form.Item name={name('type')} label={ds('conn.type')}>
          <Radio.Group
            data-testid="conn-type"
            optionType="button"
            onChange={(event) => {
              // serverName holds the service (Basic) or the whole descriptor (TNS): do not carry the default over
              const current = String(form.getFieldValue(name('serverName')) ?? '').trim();
              const service = defaultConnection(type).serverName;
              if (event.target.value === 'TNS' && current === service) form.setFieldValue(name('serverName'), '');
              if (event.target.value === 'Basic' && current === '') form.setFieldValue(name('serverName'), service);
            }}
            options={[
              { value: 'Basic', label: <span data-testid="conn-type-basic">Basic</span> },
              { value: 'TNS', label: <span data-testid="conn-type-tns">TNS</span> },
            ]}
          />
        </Form.Item>
      ) : null}
      {!tns ? (
        <div className="bi-ds-conn__row">
          <Form.Item name={name('host')} label={ds('conn.host')} className="bi-ds-conn__host" rules={[{ required: true, whitespace: true, message: ds('conn.hostRequired') }]}>
            <Input data-testid="conn-host" autoComplete="off" maxLength={255} />
          </Form.Item>
          <Form.Item name={name('port')} label={ds('conn.port')} className="bi-ds-conn__port">
            <InputNumber data-testid="conn-port" min={1} max={65535} precision={0} controls={false} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      ) : null}
      {oracle ? (
        <Form.Item
          name={name('serverName')}
          label={tns ? ds('conn.tnsDescriptor') : ds('conn.serverName')}
          rules={[{ required: true, whitespace: true, message: tns ? ds('conn.descriptorRequired') : ds('conn.serverNameRequired') }]}
        >
          {tns ? (
            <Input.TextArea data-testid="conn-server-name" autoSize={{ minRows: 2, maxRows: 5 }} placeholder="(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db)(PORT=1521))(CONNECT_DATA=(SERVICE_NAME=ORCL)))" />
          ) : (
            <Input data-testid="conn-server-name" autoComplete="off" />
          )}
        </Form.Item>
      ) : null}
      <div className="bi-ds-conn__row">
        <Form.Item name={name('userName')} label={ds('conn.userName')} className="bi-ds-conn__half" rules={[{ required: true, whitespace: true, message: ds('conn.userRequired') }]}>
          <Input data-testid="conn-user" autoComplete="off" maxLength={128} />
        </Form.Item>
        <Form.Item
          name={name('password')}
          label={ds('conn.password')}
          className="bi-ds-conn__half"
          extra={trino ? [keepHint, ds('conn.httpsOnly')].filter(Boolean).join(' ') : keepHint}
          dependencies={[name('host'), name('port'), name('type')]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && value !== '') return;
                const values = { host: String(getFieldValue(name('host')) ?? ''), port: (getFieldValue(name('port')) as number | null) ?? null, type: getFieldValue(name('type')) as ConnectionFormValues['type'] };
                if (passwordRequired(type, stored, values)) throw new Error(ds('conn.passwordAgain'));
              },
            }),
          ]}
        >
          <Input.Password data-testid="conn-password" autoComplete="new-password" maxLength={512} placeholder={keepHint} />
        </Form.Item>
      </div>
      {oracle ? (
        <Form.Item name={name('role')} label={ds('conn.role')}>
          <Select data-testid="conn-role" options={ROLES.map((role) => ({ value: role, label: role, 'data-testid': `conn-role-${role}` }))} style={{ maxWidth: 240 }} />
        </Form.Item>
      ) : trino ? (
        <div className="bi-ds-conn__row">
          <Form.Item
            name={name('catalog')}
            label={ds('conn.catalog')}
            className="bi-ds-conn__half"
            rules={[{ required: true, whitespace: true, message: ds('conn.catalogRequired') }, { pattern: /^[A-Za-z0-9_-]+$/, message: ds('conn.catalogInvalid') }]}
          >
            <Input data-testid="conn-catalog" autoComplete="off" maxLength={128} />
          </Form.Item>
          <Form.Item name={name('schema')} label={ds('conn.schema')} className="bi-ds-conn__half" rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: ds('conn.catalogInvalid') }]}>
            <Input data-testid="conn-schema" autoComplete="off" maxLength={128} placeholder={ds('conn.schemaHint')} />
          </Form.Item>
        </div>
      ) : (
        <Form.Item name={name('initialDatabase')} label={ds('conn.initialDatabase')} extra={sourceEngine(type) === 'mysql' ? ds('conn.charset') : undefined}>
          <Input data-testid="conn-database" autoComplete="off" maxLength={128} placeholder={ds('conn.initialDatabaseHint')} />
        </Form.Item>
      )}
    </div>
  );
}
