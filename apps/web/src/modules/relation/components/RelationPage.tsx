import { Empty, Result, Spin, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../shared/api/http';
import { useEditAuth } from '../../dashboard/hooks/useEditAuth';
import { useRelationProjects, useRelationTree } from '../hooks/useRelations';
import { useRelationTranslation } from '../i18n';
import type { RelationTab } from '../types';
import { RelationEditor } from './RelationEditor';
import { RelationView } from './RelationView';
import '../relation.css';

/** Without a map in the address: choose one on the left, or (none yet) what maps are and how one is made. */
function Landing({ tab }: { tab: RelationTab }) {
  const { rl } = useRelationTranslation();
  const editAuth = useEditAuth(tab).editAuth;
  const query = useRelationProjects(tab);
  if (query.isPending) return <Spin data-testid="relation-page-loading" />;
  if ((query.data ?? []).some((f) => f.relations.length > 0)) {
    return <Empty description={<span data-testid="relation-choose">{rl('page.chooseMap')}</span>} className="bi-relation-page__empty" />;
  }
  return (
    <Empty
      className="bi-relation-page__empty bi-landing-empty"
      description={
        <div className="bi-landing-empty__text" data-testid="relation-none">
          <Typography.Title level={5}>{rl('page.emptyTitle')}</Typography.Title>
          <Typography.Paragraph>{rl('page.emptyWhat')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{editAuth ? rl('page.emptyHowEdit') : rl('page.emptyHowView')}</Typography.Paragraph>
        </div>
      }
    />
  );
}

/**
 * The relation-map content view of the dashboard and template tabs (spec 01 §2; routes
 * dashboard_relation and template_relation, /{tab}/relation/:project?/:relation?): the viewer, or with
 * `?mode=edit` and edit authority on the map the editor.
 */
export function RelationPage({ tab }: { tab: RelationTab }) {
  const { rl } = useRelationTranslation();
  const { relation } = useParams();
  const [search] = useSearchParams();
  const tabEdit = useEditAuth(tab).editAuth;
  const query = useRelationTree(relation);

  let content;
  if (!relation) content = <Landing tab={tab} />;
  else if (query.isPending) content = <Spin data-testid="relation-page-loading" />;
  else if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.httpStatus === 404 || query.error.httpStatus === 403);
    content = missing ? (
      <Empty description={<span data-testid="relation-not-found">{rl('page.notFound')}</span>} />
    ) : (
      <Result status="error" title={rl('page.loadFailed')} subTitle={query.error.message} data-testid="relation-page-error" />
    );
  } else if (search.get('mode') === 'edit' && tabEdit && query.data.editAuth) content = <RelationEditor key={query.data.relationId} tab={tab} map={query.data} />;
  else content = <RelationView key={query.data.relationId} tab={tab} map={query.data} />;

  return (
    <section className="bi-page bi-relation-page" data-testid={`page-${tab}_relation`} data-tab={tab} aria-label={rl('page.title')}>
      {content}
    </section>
  );
}
