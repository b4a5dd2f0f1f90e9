/** Global filters of the dashboard page (issue 15 item 1): the settings dialog, the filter bar and their state in the page URL. */
export { GlobalFilterBar } from './components/GlobalFilterBar';
export { GlobalFilterDialog } from './components/GlobalFilterDialog';
export { useGlobalFilters } from './hooks/useGlobalFilters';
export { FilterRangeContext, type FilterRange, type RangeRequest } from './api/globalFilter';
