import { Typography } from 'antd';
import { targetLabel } from '../utils/admin';

/** An object of a grant or an audit entry: its name when known, and its target text. */
export function TargetText({ target, names }: { target: string; names: ReadonlyMap<string, string> }) {
  const name = targetLabel(target, names);
  return (
    <span className="bi-admin__target">
      {name ? <Typography.Text strong>{name}</Typography.Text> : null}
      <Typography.Text type="secondary" className="bi-admin__target-id">
        {target}
      </Typography.Text>
    </span>
  );
}
