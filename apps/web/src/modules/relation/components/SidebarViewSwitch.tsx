import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRelationTranslation } from '../i18n';
import type { RelationTab } from '../types';
import { relationPath } from '../utils/paths';
import '../relation.css';

/**
 * The dashboard and template tabs' two content views (spec 01 §2: dashboards, and relation maps): a
 * switch above the tab's sidebar, which goes on below it.
 */
export function SidebarViewSwitch({ tab, view, children }: { tab: RelationTab; view: 'dashboards' | 'relations'; children: ReactNode }) {
  const { rl } = useRelationTranslation();
  const navigate = useNavigate();
  return (
    <div className="bi-relation-switch-host">
      <Segmented
        block
        className="bi-relation-switch"
        aria-label={rl('view.label')}
        value={view}
        onChange={(next) => void navigate(next === 'relations' ? relationPath(tab) : `/${tab}`)}
        options={[
          { value: 'dashboards', label: <span data-testid="view-dashboards">{rl('view.dashboards')}</span> },
          { value: 'relations', label: <span data-testid="view-relations">{rl('view.relations')}</span> },
        ]}
      />
      {children}
    </div>
  );
}
