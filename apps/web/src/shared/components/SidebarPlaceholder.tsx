import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface SidebarPlaceholderProps {
  /** Identifies the sidebar for tests: `sidebar-<kind>`. */
  kind: string;
}

/** Sidebar area with its title and the "no folders yet" empty state. */
export function SidebarPlaceholder({ kind }: SidebarPlaceholderProps) {
  const { t } = useTranslation();
  return (
    <nav className="bi-sidebar" data-testid={`sidebar-${kind}`} aria-label={t('sidebar.label')}>
      <Typography.Title level={5} className="bi-sidebar__title">
        {t('sidebar.folders')}
      </Typography.Title>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<span data-testid="sidebar-empty">{t('sidebar.noFolders')}</span>}
      />
    </nav>
  );
}
