import { Spin } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { AlarmSettings } from './AlarmSettings';

const Settings = lazy(() => import('./AlarmSettings').then((m) => ({ default: m.AlarmSettings })));

/**
 * The alarm settings view, loaded when a dialog first shows it: its check (checkWarnConfig) reads with the
 * zod wire schema, which stays out of the entry chunk (docs/adr/0010-wire-schemas.md).
 */
export function LazyAlarmSettings(props: ComponentProps<typeof AlarmSettings>) {
  return (
    <Suspense
      fallback={
        <Spin data-testid="alarm-loading">
          <div style={{ minHeight: 80 }} />
        </Spin>
      }
    >
      <Settings {...props} />
    </Suspense>
  );
}
