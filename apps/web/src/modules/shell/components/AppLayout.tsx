import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import type { RouteHandle, SidebarKind } from '../../../shared/routing/routes';
import { AppHeader } from './AppHeader';

interface AppLayoutProps {
  /** Sidebar content per kind; a route picks one through `handle.sidebar`. */
  sidebars: Partial<Record<SidebarKind, ReactNode>>;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value;
}

/** Application shell of every route except login: header, sidebar area, content area. */
export function AppLayout({ sidebars }: AppLayoutProps) {
  const matches = useMatches();
  const handle = [...matches].reverse().map((match) => match.handle).find(isRouteHandle);
  const sidebar = handle?.sidebar ? sidebars[handle.sidebar] : undefined;

  return (
    <Layout className="bi-shell" data-testid="app-shell" data-route={handle?.name ?? ''}>
      <AppHeader />
      <Layout className="bi-shell__body" hasSider={Boolean(sidebar)}>
        {sidebar ? (
          <Layout.Sider theme="light" width={260} className="bi-shell__sidebar" data-testid="shell-sidebar">
            {sidebar}
          </Layout.Sider>
        ) : null}
        <Layout.Content className="bi-shell__content" data-testid="shell-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
