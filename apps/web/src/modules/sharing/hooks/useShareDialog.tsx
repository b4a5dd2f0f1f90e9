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
