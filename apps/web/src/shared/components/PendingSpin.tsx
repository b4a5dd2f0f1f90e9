import { Spin } from 'antd';

/** A spinner centred in a sidebar or page body while its data loads. */
export function PendingSpin({ className = 'bi-sidebar__status' }: { className?: string }) {
  return (
    <div className={className}>
      <Spin />
    </div>
  );
}
