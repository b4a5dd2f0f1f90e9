import { App } from 'antd';
import { useCallback } from 'react';
import { useShTranslation } from '../i18n';
import type { PublishFailure } from '../types';

/**
 * Spec 02 §4 and §8: an empty failure log is success ('operate success / publish success'); a non-empty
 * one is an error ('operate failed / publish failed', the failures listed per source by the caller).
 * Answers whether it was a success.
 */
export function usePublishOutcome() {
  const { notification } = App.useApp();
  const { sh } = useShTranslation();
  return useCallback(
    (failures: PublishFailure[]): boolean => {
      if (failures.length === 0) {
        notification.success({
          title: <span data-testid="publish-success">{sh('result.operateSuccess')}</span>,
          description: sh('result.publishSuccess'),
          placement: 'topRight',
        });
        return true;
      }
      notification.error({
        title: <span data-testid="publish-failed">{sh('result.operateFailed')}</span>,
        description: `${sh('result.publishFailed')}: ${sh('result.failedCount', { count: failures.length })}`,
        placement: 'topRight',
      });
      return false;
    },
    [notification, sh],
  );
}
