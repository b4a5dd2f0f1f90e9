import { ComingSoonPage } from '../../../shared/components/ComingSoonPage';
import type { RouteName } from '../../../shared/routing/routes';

/** Route names of the data-source area (spec 02 §2). */
export type DataSourceRouteName = Extract<
  RouteName,
  | 'data_source'
  | 'data_source_sql'
  | 'data_source_e10'
  | 'data_source_e10_report'
  | 'data_source_e10_edit'
  | 'data_source_edit'
  | 'data_source_yifei'
  | 'data_source_sbep_edit'
  | 'data_source_excel'
  | 'join_table'
  | 'data_source_publish'
  | 'data_source_batch_publish'
  | 'database'
>;

/** Placeholder of every data-source screen until each is built. */
export function DataSourcePage({ routeName }: { routeName: DataSourceRouteName }) {
  return <ComingSoonPage routeName={routeName} />;
}
