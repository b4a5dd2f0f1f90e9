import { Form, Select } from 'antd';
import { useShTranslation } from '../i18n';
import type { Principal } from '../types';

interface PickersProps {
  roles: Principal[];
  users: Principal[];
  roleIds: string[];
  userIds: string[];
  onRoles: (ids: string[]) => void;
  onUsers: (ids: string[]) => void;
  disabled?: boolean;
  /** test id prefix of the two selects */
  testIdPrefix: string;
}

const options = (list: Principal[], prefix: string) =>
  list.map((p) => ({ value: p.id, label: p.name, 'data-testid': `${prefix}-option-${p.id}` }));

/** The roles and users pickers of the share form (spec 02 §3): searchable multiple selects. */
export function PrincipalPickers({ roles, users, roleIds, userIds, onRoles, onUsers, disabled, testIdPrefix }: PickersProps) {
  const { sh } = useShTranslation();
  return (
    <>
      <Form.Item label={sh('share.roles')} className="bi-share__field">
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          data-testid={`${testIdPrefix}-roles`}
          aria-label={sh('share.roles')}
          placeholder={sh('share.rolesPlaceholder')}
          value={roleIds}
          onChange={onRoles}
          disabled={disabled}
          options={options(roles, `${testIdPrefix}-role`)}
          maxTagCount="responsive"
        />
      </Form.Item>
      <Form.Item label={sh('share.users')} className="bi-share__field">
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          data-testid={`${testIdPrefix}-users`}
          aria-label={sh('share.users')}
          placeholder={sh('share.usersPlaceholder')}
          value={userIds}
          onChange={onUsers}
          disabled={disabled}
          options={options(users, `${testIdPrefix}-user`)}
          maxTagCount="responsive"
        />
      </Form.Item>
    </>
  );
}
