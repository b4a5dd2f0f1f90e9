import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Alert, Form, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { PendingSpin } from '../../../shared/components/PendingSpin';
import { useAudience } from '../hooks/useAudience';
import type { PublishBody, PublishFailure, ShareForm } from '../types';
import { FailureTable } from './FailureTable';
import { PrincipalPickers } from './PrincipalPickers';
import '../sharing.css';

/** What is being shared: one item of a grant target kind (its id and its name for the title). */
export interface ShareItem {
  id: string;
  name: string;
}

/**
 * One grant target kind for the share dialog (docs/api/sharing.md: `datasource:{id}`, `relation:{id}`):
 * how its current holders are read and the new set saved, how the outcome is told, its texts and test ids.
 */
export interface ShareGrant {
  kind: 'datasource' | 'relation';
  queryKey: (id: string) => QueryKey;
  /** roles and users to choose from, and who holds the grant now */
  load: (id: string) => Promise<ShareForm>;
  /** saves the complete new set; answers the failure log (empty: done) */
  save: (item: ShareItem, body: PublishBody) => Promise<PublishFailure[]>;
  /** tells the user how it went; answers whether it was a success (the dialog then closes) */
  report: (failures: PublishFailure[]) => boolean;
  texts: {
    title: (name: string) => string;
    hint: string;
    save: string;
    loadFailed: string;
    /** the failure log's heading; with it a failed save lists the failures in the dialog (data sources), without it `report` alone tells them */
    failureLog?: string;
  };
  /** test ids: `<prefix>-dialog`, `<prefix>-dialog-title`, `<prefix>-load-error`, `<prefix>-failed`, the pickers' `<prefix>-roles|users` */
  testIdPrefix: string;
}

interface ShareDialogProps {
  grant: ShareGrant;
  /** the item to share; the dialog is open while set */
  target: ShareItem | null;
  onClose: () => void;
}

/**
 * Share one item (spec 02 §3 Share form; data sources, relation maps): the roles and users holding its
 * grant, changed and saved as the complete new set. Saving shows a loading state; success closes the
 * dialog, a failure keeps it open (with the failure table where the kind lists failures, spec 02 §4/§8);
 * a call that fails as a whole counts as the item's failure.
 */
export function ShareDialog({ grant, target, onClose }: ShareDialogProps) {
  const open = target !== null;
  const form = useQuery({ queryKey: grant.queryKey(target?.id ?? ''), queryFn: () => grant.load(target!.id), enabled: open, staleTime: 0 });
  const audience = useAudience(form.data, open);
  const [failures, setFailures] = useState<PublishFailure[]>([]);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const prefix = grant.testIdPrefix;

  useEffect(() => {
    if (!open) setFailures([]);
  }, [open]);

  const save = async () => {
    if (!target || busy.current) return;
    busy.current = true;
    setPending(true);
    setFailures([]);
    let result: PublishFailure[];
    try {
      result = await grant.save(target, audience.body);
    } catch (error) {
      // the whole call failed (e.g. no access to the item): shown as the item's failure
      result = [{ dataSourceId: target.id, dataSourceName: target.name, failedMessage: error instanceof Error ? error.message : String(error) }];
    } finally {
      busy.current = false;
      setPending(false);
    }
    if (grant.report(result)) onClose();
    else if (grant.texts.failureLog) setFailures(result);
  };

  let body;
  if (!open) body = null;
  else if (form.isPending) body = <PendingSpin className="bi-share__status" />;
  else if (form.isError) body = <Alert type="error" showIcon title={grant.texts.loadFailed} description={form.error.message} data-testid={`${prefix}-load-error`} />;
  else
    body = (
      <Form layout="vertical" component="div" className="bi-share__form">
        <Typography.Paragraph type="secondary" className="bi-share__hint">
          {grant.texts.hint}
        </Typography.Paragraph>
        <PrincipalPickers
          roles={form.data.roles}
          users={form.data.users}
          roleIds={audience.roleIds}
          userIds={audience.userIds}
          onRoles={audience.setRoleIds}
          onUsers={audience.setUserIds}
          disabled={pending}
          testIdPrefix={prefix}
        />
        {failures.length > 0 ? (
          <>
            <Alert type="error" showIcon className="bi-share__alert" title={grant.texts.failureLog} data-testid={`${prefix}-failed`} />
            <FailureTable failures={failures} />
          </>
        ) : null}
      </Form>
    );

  return (
    <DialogModal
      open={open}
      title={<span data-testid={`${prefix}-dialog-title`}>{target ? grant.texts.title(target.name) : ''}</span>}
      okText={grant.texts.save}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !form.data }}
      width={600}
      className="bi-share-dialog"
    >
      <div data-testid={`${prefix}-dialog`}>{body}</div>
    </DialogModal>
  );
}
