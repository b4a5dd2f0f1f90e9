import { Alert, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { usePublish, useShareForm } from '../hooks/useSharing';
import { usePublishOutcome } from '../hooks/usePublishOutcome';
import { useShTranslation } from '../i18n';
import type { PublishFailure } from '../types';
import { FailureTable } from './FailureTable';
import { PrincipalPickers } from './PrincipalPickers';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import '../sharing.css';

export interface ShareTarget {
  dataSourceId: string;
  name: string;
}

interface ShareDialogProps {
  /** the source to share; the dialog is open while set */
  target: ShareTarget | null;
  onClose: () => void;
}

/**
 * Share one data source (spec 02 §3 Share form): the roles and users it is shared with, changed and saved
 * with POST publish/{id}. Saving shows a loading state; an empty failure log closes the dialog with
 * 'operate success', a non-empty one stays open with the failure table (spec 02 §4).
 */
export function ShareDialog({ target, onClose }: ShareDialogProps) {
  const { sh } = useShTranslation();
  const open = target !== null;
  const form = useShareForm(target?.dataSourceId, open);
  const publish = usePublish();
  const outcome = usePublishOutcome();
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [failures, setFailures] = useState<PublishFailure[]>([]);

  // the current shares of the source, each time the dialog opens and whenever they are read again
  const loaded = form.data;
  useEffect(() => {
    if (!open || !loaded) return;
    setRoleIds(loaded.selectRoles);
    setUserIds(loaded.selectUsers);
  }, [open, loaded]);
  useEffect(() => {
    if (!open) setFailures([]);
  }, [open]);

  const save = async () => {
    if (!target || publish.isPending) return;
    setFailures([]);
    let result: PublishFailure[];
    try {
      result = await publish.mutateAsync({ dataSourceId: target.dataSourceId, body: { roleIds, userIds } });
    } catch (error) {
      // the whole call failed (e.g. no access to the source): shown as the source's failure
      result = [{ dataSourceId: target.dataSourceId, dataSourceName: target.name, failedMessage: error instanceof Error ? error.message : String(error) }];
    }
    if (outcome(result)) onClose();
    else setFailures(result);
  };

  let body;
  if (form.isPending) {
    body = <PendingSpin className="bi-share__status" />;
  } else if (form.isError) {
    body = <Alert type="error" showIcon title={sh('share.loadFailed')} description={form.error.message} data-testid="share-load-error" />;
  } else {
    body = (
      <Form layout="vertical" component="div" className="bi-share__form">
        <Typography.Paragraph type="secondary" className="bi-share__hint">
          {sh('share.hint')}
        </Typography.Paragraph>
        <PrincipalPickers
          roles={form.data.roles}
          users={form.data.users}
          roleIds={roleIds}
          userIds={userIds}
          onRoles={setRoleIds}
          onUsers={setUserIds}
          disabled={publish.isPending}
          testIdPrefix="share"
        />
        {failures.length > 0 ? (
          <>
            <Alert type="error" showIcon className="bi-share__alert" title={sh('result.publishFailed')} data-testid="share-failed" />
            <FailureTable failures={failures} />
          </>
        ) : null}
      </Form>
    );
  }

  return (
    <DialogModal
      open={open}
      title={<span data-testid="share-dialog-title">{target ? sh('share.title', { name: target.name }) : ''}</span>}
      okText={sh('share.save')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={publish.isPending}
      okButtonProps={{ disabled: !form.data }}
      width={600}
      className="bi-share-dialog"
    >
      <div data-testid="share-dialog">{body}</div>
    </DialogModal>
  );
}
