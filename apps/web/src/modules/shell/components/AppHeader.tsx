import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAdTranslation } from '../../admin/i18n';
import { usePermission } from '../../auth/hooks/usePermission';
import { activeSection, type NavSection } from '../utils/nav';
import { AccountMenu } from './AccountMenu';
import { WarningBell } from '../../warnings';
import { Logo } from '../../../shared/components/Logo';

interface NavItem {
  section: NavSection;
  to: string;
  label: string;
  testId: string;
}

/** Header (spec 01 §2, spec 02 §2 screen 12): logo, section links, greeting and account popup. */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { can, isAdmin } = usePermission();
  const { ad } = useAdTranslation();
  const current = activeSection(pathname);

  const items: NavItem[] = [{ section: 'dashboard', to: '/dashboard', label: t('nav.dashboard'), testId: 'nav-dashboard' }];
  if (can('datasource:view')) {
    items.push({ section: 'data_source', to: '/data_source', label: t('nav.dataSource'), testId: 'nav-data-source' });
  }
  if (can('template:view')) {
    items.push({ section: 'template', to: '/template', label: t('nav.template'), testId: 'nav-template' });
  }
  if (isAdmin) {
    // beyond the spec: user administration, for admins only
    items.push({ section: 'admin', to: '/admin', label: ad('link'), testId: 'nav-admin' });
  }

  return (
    <Layout.Header className="bi-header" data-testid="app-header">
      <Link to="/dashboard" className="bi-header__brand">
        <Logo />
      </Link>
      <nav className="bi-nav" aria-label={t('nav.label')}>
        {items.map((item) => (
          <NavLink
            key={item.section}
            to={item.to}
            data-testid={item.testId}
            className={() => (item.section === current ? 'bi-nav__link active' : 'bi-nav__link')}
            aria-current={item.section === current ? 'page' : undefined}
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="bi-header__spacer" />
      <WarningBell />
      <AccountMenu />
    </Layout.Header>
  );
}
