import { App } from 'antd';
import { useMemo } from 'react';
import { useTreeFeedback } from '../../../shared/folder-tree';
import { normalizeShareForm, ShareDialog, type ShareGrant } from '../../sharing';
import { relationApi, relationKeys } from '../api/relation';
import { useRelationTranslation } from '../i18n';
import type { RelationItem } from '../types';

/** The `relation:{id}` grant for the share dialog (spec 02 §7 roles_users / publish). */
function useRelationGrant(): ShareGrant {
  const { rl } = useRelationTranslation();
  const { message } = App.useApp();
  const feedback = useTreeFeedback();
  return useMemo<ShareGrant>(
    () => ({
      kind: 'relation',
      queryKey: (id: string) => relationKeys.shareForm(id),
      load: async (id: string) => normalizeShareForm(await relationApi.shareForm(id)),
      // an empty answer is success; a non-empty text is the refusal (spec 02 §8)
      save: async (item, body) => {
        const answer = await relationApi.publish(item.id, item.name, body);
        return typeof answer === 'string' && answer.trim() ? [{ dataSourceName: item.name, failedMessage: answer }] : [];
      },
      report: (failures) => {
        if (failures.length === 0) {
          feedback.success(rl('share.done'));
          return true;
        }
        void message.error(failures[0]!.failedMessage);
        return false;
      },
      texts: { title: (name: string) => rl('share.title', { name }), hint: rl('share.hint'), save: rl('share.save'), loadFailed: rl('share.loadFailed') },
      testIdPrefix: 'relation-share',
    }),
    [rl, message, feedback],
  );
}

/**
 * Share a relation map (spec 02 §2 screen 10 "share"): the app's share dialog for the `relation:{id}`
 * grant — the roles and users holding it, changed and saved as the complete new set; a refusal is shown
 * as a message and the dialog stays open.
 */
export function RelationShareDialog({ target, onClose }: { target: Pick<RelationItem, 'relationId' | 'name'> | null; onClose: () => void }) {
  const grant = useRelationGrant();
  return <ShareDialog grant={grant} target={target ? { id: target.relationId, name: target.name } : null} onClose={onClose} />;
}
