import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { sharingApi, sharingKeys } from '../api/sharing';
import { ShareDialog, type ShareGrant } from '../components/ShareDialog';
import { useShTranslation } from '../i18n';
import { usePublishOutcome } from './usePublishOutcome';

export interface ShareTarget {
  dataSourceId: string;
  name: string;
}

/** The `datasource:{id}` grant for the share dialog: roles_users / publish of docs/api/sharing.md, the failure log listed. */
function useDataSourceGrant(): ShareGrant {
  const { sh } = useShTranslation();
  const queryClient = useQueryClient();
  const report = usePublishOutcome();
  return useMemo<ShareGrant>(
    () => ({
      kind: 'datasource',
      queryKey: (id: string) => sharingKeys.form(id),
      load: (id: string) => sharingApi.rolesUsers(id),
      save: async (item, body) => {
        try {
          return await sharingApi.publish(item.id, body);
        } finally {
          void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
        }
      },
      report,
      texts: { title: (name: string) => sh('share.title', { name }), hint: sh('share.hint'), save: sh('share.save'), loadFailed: sh('share.loadFailed'), failureLog: sh('result.publishFailed') },
      testIdPrefix: 'share',
    }),
    [sh, queryClient, report],
  );
}

/**
 * The data-source share dialog as a hook: `openShare(source)` opens it, `shareDialog` is rendered once. The
 * detail toolbar and the sidebar use it; the ERP-report and indicator wizards call `openShare` after saving a
 * new source (spec 02 §2 screens 3 and 4, §4), and `onClosed` tells them the dialog was closed.
 */
export function useShareDialog(onClosed?: (target: ShareTarget) => void): { openShare: (target: ShareTarget) => void; shareDialog: ReactNode } {
  const grant = useDataSourceGrant();
  const [target, setTarget] = useState<ShareTarget | null>(null);
  const openShare = useCallback((next: ShareTarget) => setTarget(next), []);
  const close = () => {
    const closed = target;
    setTarget(null);
    if (closed) onClosed?.(closed);
  };
  return { openShare, shareDialog: <ShareDialog grant={grant} target={target ? { id: target.dataSourceId, name: target.name } : null} onClose={close} /> };
}

/** Several new sources of one folder shared at once (the indicator import's batch create, spec 02 §4). */
export interface BatchShareTarget {
  dataSourceIds: string[];
  projectId: string;
  /** the dialog's title */
  title: string;
}

/**
 * The share dialog for several sources (spec 02 §4 "In batch create, step 2 shows success and failure
 * counts, then share is offered"): the chosen roles and users are added to every source in ONE
 * batch_publish call (publishType add), its failure log listed like the single dialog's.
 */
export function useBatchShareDialog(onClosed?: (target: BatchShareTarget) => void): { openShare: (target: BatchShareTarget) => void; shareDialog: ReactNode } {
  const { sh } = useShTranslation();
  const queryClient = useQueryClient();
  const report = usePublishOutcome();
  const [target, setTarget] = useState<BatchShareTarget | null>(null);
  const openShare = useCallback((next: BatchShareTarget) => setTarget(next), []);
  const grant = useMemo<ShareGrant>(
    () => ({
      kind: 'datasource',
      // new sources are shared with nobody yet: the roles and users to choose from
      queryKey: () => sharingKeys.form(undefined),
      load: () => sharingApi.rolesUsers(),
      save: async (_item, body) => {
        if (!target) return [];
        try {
          return await sharingApi.batchPublish({ ...body, dataSourceIds: target.dataSourceIds, projectId: target.projectId, publishType: 'add' });
        } finally {
          void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
        }
      },
      report,
      texts: { title: () => target?.title ?? '', hint: sh('share.hint'), save: sh('share.save'), loadFailed: sh('share.loadFailed'), failureLog: sh('result.publishFailed') },
      testIdPrefix: 'share',
    }),
    [sh, queryClient, report, target],
  );
  const close = () => {
    const closed = target;
    setTarget(null);
    if (closed) onClosed?.(closed);
  };
  return { openShare, shareDialog: <ShareDialog grant={grant} target={target ? { id: target.dataSourceIds.join(','), name: target.title } : null} onClose={close} /> };
}
