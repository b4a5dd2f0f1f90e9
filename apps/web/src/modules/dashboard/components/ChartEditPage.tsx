import { useQueryClient } from '@tanstack/react-query';
import { Result } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartEditorPage } from '../../chart-editor/components/ChartEditorPage';
import { dashboardKeys } from '../api/dashboard';
import { useEditAuth } from '../hooks/useEditAuth';
import type { TabType } from '../types';

/**
 * /dashboard/chart_edit/... and /template/chart_edit/...: the chart editor, for users with the tab's
 * edit right (dashboard:edit, template:edit); others (a viewer following a link) are told they may not.
 */
export function ChartEditPage({ tab }: { tab: TabType }) {
  const { t } = useTranslation();
  const { editAuth } = useEditAuth(tab);
  const queryClient = useQueryClient();
  // a stored edit makes the dashboards' copies of the chart (its box, its summary) stale
  const onSaved = useCallback(() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }), [queryClient]);
  if (!editAuth) return <Result status="403" title={<span data-testid="chart-edit-no-permission">{t('errors.noEditRight')}</span>} />;
  return <ChartEditorPage tab={tab} onSaved={onSaved} />;
}
