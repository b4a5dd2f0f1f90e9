import { Fragment, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ChangePasswordDialog } from '../modules/admin/components/ChangePasswordDialog';
import { LoginPage } from '../modules/auth/components/LoginPage';
import { RouteGuard } from '../modules/auth/components/RouteGuard';
import { LOGIN_PATH } from '../modules/auth/utils/guard';
import { DashboardPage } from '../modules/dashboard/components/DashboardPage';
import { DashboardSidebar } from '../modules/dashboard/components/DashboardSidebar';
import type { DataSourceRouteName } from '../modules/data-source/components/DataSourcePages';
import { useShareToChatEntry } from '../modules/chat';
import type { BoxExtension, UseBoxExtension } from '../modules/dashboard/components/DashboardView';
import { useChartRelationEntry } from '../modules/relation/components/ChartRelationEntry';
import { SidebarViewSwitch } from '../modules/relation/components/SidebarViewSwitch';
import { AppLayout } from '../modules/shell/components/AppLayout';
import { usePublishExtension } from '../modules/template/hooks/useSidebarExtensions';
import { WARNINGS_PAGE_PATH } from '../modules/warnings/components/WarningBell';
import { setUnauthorizedHandler } from '../shared/api/http';
import { NotFoundPage } from '../shared/components/NotFoundPage';
import { PendingSpin } from '../shared/components/PendingSpin';
import { ROUTE_PATHS, type RouteHandle, type RouteName, type SidebarKind } from '../shared/routing/routes';

/**
 * A page whose code loads only when its route is opened: the dashboard route (the first screen of most
 * visits) then fetches and compiles only its own code, not the editor's, the data pages', the
 * designers' or the administration's.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactNode {
  const Page = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<PendingSpin />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const ApiKeysPage = lazyPage(() => import('../modules/api-keys/components/ApiKeysPage').then((m) => m.ApiKeysPage));
const AdminPage = lazyPage(() => import('../modules/admin/components/AdminPage').then((m) => m.AdminPage));
const ChartEditPage = lazyPage(() => import('../modules/dashboard/components/ChartEditPage').then((m) => m.ChartEditPage));
const DataSourcePage = lazyPage(() => import('../modules/data-source/components/DataSourcePages').then((m) => m.DataSourcePage));
const DataSourceSidebar = lazyPage(() => import('../modules/data-source/components/DataSourceSidebar').then((m) => m.DataSourceSidebar));
const ExcelUploadPage = lazyPage(() => import('../modules/excel-upload/components/ExcelUploadPage').then((m) => m.ExcelUploadPage));
// the join designer (and its diagram library)
const JoinTablePage = lazyPage(() => import('../modules/join-table').then((m) => m.JoinTablePage));
const RelationPage = lazyPage(() => import('../modules/relation/components/RelationPage').then((m) => m.RelationPage));
const RelationSidebar = lazyPage(() => import('../modules/relation/components/RelationSidebar').then((m) => m.RelationSidebar));
const TemplatePage = lazyPage(() => import('../modules/template/components/TemplatePage').then((m) => m.TemplatePage));
const TemplateSidebar = lazyPage(() => import('../modules/template/components/TemplateSidebar').then((m) => m.TemplateSidebar));
const SubscriptionsPage = lazyPage(() => import('../modules/subscriptions/components/SubscriptionsPage').then((m) => m.SubscriptionsPage));
// a public link's page (issue 32): outside the sign-in guard and the shell
const PublicLinkPage = lazyPage(() => import('../modules/public-links/components/PublicLinkPage').then((m) => m.PublicLinkPage));
const WarningMessagesPage = lazyPage(() => import('../modules/warnings/components/WarningMessagesPage').then((m) => m.WarningMessagesPage));

/** The dashboard boxes' entries of several modules as one extension: the relation map, share to chat (their entries in order, all their dialogs). */
function useBoxEntries(tab: Parameters<UseBoxExtension>[0]): BoxExtension {
  const all = [useChartRelationEntry(tab), useShareToChatEntry(tab)];
  return {
    menuOf: (chart, filters) => all.flatMap((e) => e.menuOf?.(chart, filters) ?? []),
    dialogs: all.map((e, i) => <Fragment key={i}>{e.dialogs}</Fragment>),
  };
}

function named(name: RouteName, element: RouteObject['element'], sidebar?: SidebarKind): RouteObject {
  const handle: RouteHandle = sidebar ? { name, sidebar } : { name };
  return { id: name, path: ROUTE_PATHS[name], element, handle };
}

function dataSource(name: DataSourceRouteName, sidebar?: SidebarKind): RouteObject {
  return named(name, <DataSourcePage routeName={name} />, sidebar);
}

/** Every route of spec 01 §2, inside the guard; all but login inside the shell (and a public link's page, outside both). */
export const routes: RouteObject[] = [
  { id: 'public_link', path: '/public/:publicId', element: <PublicLinkPage /> },
  {
    id: 'root',
    path: '/',
    element: <RouteGuard />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      named('login', <LoginPage ChangePasswordDialog={ChangePasswordDialog} />),
      {
        id: 'shell',
        element: (
          <AppLayout
            sidebars={{
              dashboard: (
                <SidebarViewSwitch tab="dashboard" view="dashboards">
                  <DashboardSidebar tab="dashboard" useExtension={usePublishExtension} />
                </SidebarViewSwitch>
              ),
              template: (
                <SidebarViewSwitch tab="template" view="dashboards">
                  <TemplateSidebar />
                </SidebarViewSwitch>
              ),
              dashboard_relation: (
                <SidebarViewSwitch tab="dashboard" view="relations">
                  <RelationSidebar tab="dashboard" />
                </SidebarViewSwitch>
              ),
              template_relation: (
                <SidebarViewSwitch tab="template" view="relations">
                  <RelationSidebar tab="template" />
                </SidebarViewSwitch>
              ),
              data_source: <DataSourceSidebar />,
            }}
          />
        ),
        children: [
          named('dashboard', <DashboardPage tab="dashboard" routeName="dashboard" useBoxExtension={useBoxEntries} />, 'dashboard'),
          named('dashboard_chart_edit', <ChartEditPage tab="dashboard" />),
          dataSource('data_source', 'data_source'),
          dataSource('data_source_sql'),
          dataSource('data_source_e10'),
          dataSource('data_source_e10_report'),
          dataSource('data_source_e10_edit'),
          dataSource('data_source_edit'),
          dataSource('data_source_yifei'),
          dataSource('data_source_sbep_edit'),
          named('data_source_excel', <ExcelUploadPage />),
          named('join_table', <JoinTablePage />),
          dataSource('data_source_publish', 'data_source'),
          dataSource('data_source_batch_publish', 'data_source'),
          dataSource('database', 'data_source'),
          named('template_tab', <TemplatePage routeName="template_tab" useBoxExtension={useBoxEntries} />, 'template'),
          named('template', <TemplatePage routeName="template" useBoxExtension={useBoxEntries} />, 'template'),
          named('template_chart_edit', <ChartEditPage tab="template" />),
          named('dashboard_relation', <RelationPage tab="dashboard" />, 'dashboard_relation'),
          named('template_relation', <RelationPage tab="template" />, 'template_relation'),
          named('admin', <AdminPage />),
          named('api_keys', <ApiKeysPage />),
          // beyond the spec: the bell's "view all" (every warning message of the caller, paged)
          { id: 'warnings', path: WARNINGS_PAGE_PATH, element: <WarningMessagesPage /> },
          // beyond the spec: "my subscriptions" (report subscriptions, issue 30)
          { id: 'subscriptions', path: '/subscriptions', element: <SubscriptionsPage /> },
          { id: 'not_found', path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// On HTTP 401 the client clears the token; go to the login screen without a full reload.
setUnauthorizedHandler(() => {
  if (!router.state.location.pathname.includes('login')) {
    void router.navigate(LOGIN_PATH, { replace: true });
  }
});
