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

interface PickerProps {
  kind: 'role' | 'user';
  list: Principal[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  testIdPrefix: string;
}

/** One searchable multiple select of principals of one kind. */
function PrincipalPicker({ kind, list, value, onChange, disabled, testIdPrefix }: PickerProps) {
  const { sh } = useShTranslation();
  const label = sh(kind === 'role' ? 'share.roles' : 'share.users');
  return (
    <Form.Item label={label} className="bi-share__field">
      <Select
        mode="multiple"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        data-testid={`${testIdPrefix}-${kind}s`}
        aria-label={label}
        placeholder={sh(kind === 'role' ? 'share.rolesPlaceholder' : 'share.usersPlaceholder')}
        value={value}
        onChange={onChange}
        disabled={disabled}
        options={options(list, `${testIdPrefix}-${kind}`)}
        maxTagCount="responsive"
      />
    </Form.Item>
  );
}

/** The roles and users pickers of the share form (spec 02 §3): searchable multiple selects. */
export function PrincipalPickers({ roles, users, roleIds, userIds, onRoles, onUsers, disabled, testIdPrefix }: PickersProps) {
  return (
    <>
      <PrincipalPicker kind="role" list={roles} value={roleIds} onChange={onRoles} disabled={disabled} testIdPrefix={testIdPrefix} />
      <PrincipalPicker kind="user" list={users} value={userIds} onChange={onUsers} disabled={disabled} testIdPrefix={testIdPrefix} />
    </>
  );
}
