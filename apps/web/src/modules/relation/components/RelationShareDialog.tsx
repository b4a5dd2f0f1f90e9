import { Alert, Form, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useTreeFeedback } from '../../../shared/folder-tree';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { normalizeShareForm, PrincipalPickers } from '../../sharing';
import { relationApi, relationKeys } from '../api/relation';
import { useRelationTranslation } from '../i18n';
import type { RelationItem } from '../types';

/**
 * Share a relation map (spec 02 §2 screen 10 "share", §7 roles_users / publish): the roles and users
 * holding `relation:{id}`, changed and saved as the complete new set. An empty answer is success; a
 * non-empty text is shown as a message (spec 02 §8) and the dialog stays open.
 */
export function RelationShareDialog({ target, onClose }: { target: Pick<RelationItem, 'relationId' | 'name'> | null; onClose: () => void }) {
  const { rl } = useRelationTranslation();
  const open = target !== null;
  const feedback = useTreeFeedback();
  const form = useQuery({
    queryKey: relationKeys.shareForm(target?.relationId ?? ''),
    queryFn: async () => normalizeShareForm(await relationApi.shareForm(target!.relationId)),
    enabled: open,
    staleTime: 0,
  });
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const loaded = form.data;
  useEffect(() => {
    if (!open || !loaded) return;
    setRoleIds(loaded.selectRoles);
    setUserIds(loaded.selectUsers);
  }, [open, loaded]);
  const { pending, run } = useSubmit();

  const save = () =>
    run(async () => {
      if (!target) return;
      const answer = await relationApi.publish(target.relationId, target.name, { roleIds, userIds });
      if (typeof answer === 'string' && answer.trim()) throw new Error(answer);
      feedback.success(rl('share.done'));
      void form.refetch();
      onClose();
    });

  let body;
  if (!open) body = null;
  else if (form.isPending) body = <PendingSpin />;
  else if (form.isError) body = <Alert type="error" showIcon title={rl('share.loadFailed')} description={form.error.message} data-testid="relation-share-load-error" />;
  else
    body = (
      <Form layout="vertical" component="div">
        <Typography.Paragraph type="secondary">{rl('share.hint')}</Typography.Paragraph>
        <PrincipalPickers roles={form.data.roles} users={form.data.users} roleIds={roleIds} userIds={userIds} onRoles={setRoleIds} onUsers={setUserIds} disabled={pending} testIdPrefix="relation-share" />
      </Form>
    );

  return (
    <DialogModal
      open={open}
      title={target ? rl('share.title', { name: target.name }) : ''}
      okText={rl('share.save')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !form.data }}
      width={600}
    >
      <div data-testid="relation-share-dialog">{body}</div>
    </DialogModal>
  );
}
