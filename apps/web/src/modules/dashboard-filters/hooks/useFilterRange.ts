import type { GlobalFilterItem } from '@bi/chart-model';
import type { Tab } from '@bi/rules';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { FilterRangeContext, globalFilterKeys } from '../api/globalFilter';

/** How many values a text picker lists at once; a field with more searches on the server. */
export const PICKER_LIMIT = 1000;

/** The values a picker offers for an item (POST /api/global_filter/range/…), searched on the server when `search` is set. */
export function useFilterRange(tab: Tab, dashboardId: string, item: GlobalFilterItem, search: string, enabled: boolean) {
  const range = useContext(FilterRangeContext);
  const body = { dataSourceId: item.dataSourceId ?? '', name: item.name, ...(search ? { search } : {}), limit: PICKER_LIMIT };
  return useQuery({
    queryKey: globalFilterKeys.range(tab, dashboardId, body),
    queryFn: ({ signal }) => range(tab, dashboardId, body, signal),
    enabled: enabled && !!item.dataSourceId,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
