import { Empty } from 'antd';
import { useLocation, useParams } from 'react-router-dom';
import { ComingSoonPage } from '../../../shared/components/ComingSoonPage';
import { BatchPublishPage } from './BatchPublishPage';
import type { RouteName } from '../../../shared/routing/routes';
import { useDsTranslation } from '../i18n';
import { DataSourceDetail } from './DataSourceDetail';
import { ErpE10Page } from './ErpE10Page';
import { ErpReportWizardPage } from './ErpReportWizardPage';
import { IndicatorImportPage } from './IndicatorImportPage';
import { SbepEditPage } from './SbepEditPage';
import { SqlEditPage } from './SqlEditPage';
import { SqlWizardPage } from './SqlWizardPage';
import '../data-source.css';

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
  | 'data_source_publish'
  | 'data_source_batch_publish'
  | 'database'
>;

/** Content area of /data_source/:project?/:data_source? and /database/...: the selected source's detail page. */
export function DataSourceHomePage({ routeName }: { routeName: 'data_source' | 'database' }) {
  const { ds } = useDsTranslation();
  const { project, data_source: dataSourceId } = useParams();
  const { pathname } = useLocation();
  const basePath = pathname.startsWith('/database') ? '/database' : '/data_source';
  return (
    <section className="bi-page" data-testid={`page-${routeName}`} data-project={project ?? ''} data-data-source={dataSourceId ?? ''} aria-label={ds('title')}>
      {dataSourceId ? (
        <DataSourceDetail key={dataSourceId} dataSourceId={dataSourceId} basePath={basePath} />
      ) : (
        <Empty className="bi-ds-empty" description={<span data-testid="ds-choose">{ds('source.choose')}</span>} />
      )}
    </section>
  );
}

/** The page of each data-source route; screens not built yet show the "coming soon" placeholder. */
export function DataSourcePage({ routeName }: { routeName: DataSourceRouteName }) {
  switch (routeName) {
    case 'data_source':
    case 'database':
      return <DataSourceHomePage routeName={routeName} />;
    case 'data_source_sql':
      return <SqlWizardPage />;
    case 'data_source_edit':
      return <SqlEditPage />;
    case 'data_source_e10_report':
      return <ErpReportWizardPage />;
    // the second-generation ERP routes (spec 02 §2; docs/adr/0017): their one-page form on the same provider seams
    case 'data_source_e10':
      return <ErpE10Page key="create" mode="create" />;
    case 'data_source_e10_edit':
      return <ErpE10Page key="edit" mode="edit" />;
    case 'data_source_sbep_edit':
      return <SbepEditPage />;
    // the second indicator provider's import wizard (spec 02 §2 screen 4), on the primary ERP account
    case 'data_source_yifei':
      return <IndicatorImportPage />;
    case 'data_source_publish':
    case 'data_source_batch_publish':
      return <BatchPublishPage key={routeName} routeName={routeName} />;
    default:
      return <ComingSoonPage routeName={routeName} />;
  }
}
