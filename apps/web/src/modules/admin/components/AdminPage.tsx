import { Result, Tabs, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import { usePermission } from '../../auth/hooks/usePermission';
import { isAdmin } from '../../data-source/utils/permissions';
import { buildPath } from '../../../shared/routing/routes';
import { useAdTranslation } from '../i18n';
import { RobotsTab } from '../../chat';
import { AuditTab } from './AuditTab';
import { EmbedSecretTab } from './EmbedSecretTab';
import { FederationTab } from './FederationTab';
import { UsersTab } from './UsersTab';
import { SubscriptionList, useSubTranslation } from '../../subscriptions';
import { PublicLinksAdmin, usePlTranslation } from '../../public-links';
import '../admin.css';

type Section = 'users' | 'audit' | 'robots' | 'subscriptions' | 'embedding' | 'links' | 'federation';

/** User administration (beyond the spec; docs/api/identity-admin.md): users and the audit log, admin only. */
export function AdminPage() {
  const { ad } = useAdTranslation();
  const { permission } = usePermission();
  const navigate = useNavigate();
  const { section: raw } = useParams();
  const { st } = useSubTranslation();
  const { pl } = usePlTranslation();
  const section: Section = raw === 'audit' || raw === 'robots' || raw === 'subscriptions' || raw === 'embedding' || raw === 'links' || raw === 'federation' ? raw : 'users';

  if (!isAdmin(permission)) {
    return (
      <section className="bi-page" data-testid="page-admin">
        <Result status="403" title={<span data-testid="admin-no-permission">{ad('noPermission')}</span>} />
      </section>
    );
  }

  return (
    <section className="bi-page bi-admin" data-testid="page-admin" data-section={section}>
      <Typography.Title level={4} className="bi-admin__title">
        {ad('title')}
      </Typography.Title>
      <Tabs
        activeKey={section}
        onChange={(key) => void navigate(buildPath('admin', { section: key }))}
        items={[
          { key: 'users', label: <span data-testid="admin-tab-users">{ad('tabs.users')}</span>, children: <UsersTab /> },
          { key: 'audit', label: <span data-testid="admin-tab-audit">{ad('tabs.audit')}</span>, children: <AuditTab active={section === 'audit'} /> },
          { key: 'robots', label: <span data-testid="admin-tab-robots">{ad('tabs.robots')}</span>, children: <RobotsTab /> },
          // every user's report subscriptions with their last runs (issue 30)
          { key: 'subscriptions', label: <span data-testid="admin-tab-subscriptions">{st('all')}</span>, children: section === 'subscriptions' ? <SubscriptionList all /> : null },
          // the embedding secret (issue 32, docs/api/embedding.md)
          { key: 'embedding', label: <span data-testid="admin-tab-embedding">{ad('tabs.embedding')}</span>, children: <EmbedSecretTab active={section === 'embedding'} /> },
          // every user's public links, revoke one or all (issue 32)
          { key: 'links', label: <span data-testid="admin-tab-links">{pl('admin.tab')}</span>, children: section === 'links' ? <PublicLinksAdmin /> : null },
          // joins across stores through Trino (issue 34, docs/api/data-source.md)
          { key: 'federation', label: <span data-testid="admin-tab-federation">{ad('federation.tab')}</span>, children: <FederationTab active={section === 'federation'} /> },
        ]}
      />
    </section>
  );
}
