import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Empty, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { deleteConfirmation } from '../../../shared/components/deleteConfirmation';
import { erpAccountApi, erpAccountKeys } from '../api/erpAccounts';
import { useErpTranslation } from '../i18n';
import type { ErpAccount } from '../types';
import { ACCOUNT_BOUNDS, accountBody, accountFormOf, accountProblems, chooseBody, emptyAccountForm, keepsStoredPassword, type AccountField, type AccountFormValues } from '../utils/account-form';
import '../erp.css';

export interface ErpAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the account the user chose (stored as their choice: isSelected); the dialog then closes. */
  onChoose?: (account: ErpAccount) => void;
  /** The user may create, change and delete accounts (datasource:edit); else the list and choose only. */
  canEdit: boolean;
}

type View = { kind: 'list' } | { kind: 'form'; editing?: ErpAccount; initial: AccountFormValues };

const FIELDS: AccountField[] = ['name', 'ip', 'port', 'userName', 'identity', 'isPrimary'];

/**
 * The ERP account manager dialog (spec 02 §2 screen 9): the accounts with the default (primary) one
 * marked, create and edit (a form in the dialog; Enter saves), delete with a confirmation naming the
 * account (no delete for the primary), and choose. Opened from the data-source sidebar and, later, the
 * ERP report wizard's account field (onChoose).
 */
export function ErpAccountDialog({ open, onClose, onChoose, canEdit }: ErpAccountDialogProps) {
  const { erp, t } = useErpTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  const list = useQuery({ queryKey: erpAccountKeys.list, queryFn: erpAccountApi.list, enabled: open, staleTime: 0 });
  const accounts = list.data ?? [];
  const answered = (next: ErpAccount[]) => {
    queryClient.setQueryData(erpAccountKeys.list, next);
    void queryClient.invalidateQueries({ queryKey: erpAccountKeys.primary });
  };
  const save = useMutation({ mutationFn: erpAccountApi.save, onSuccess: answered });
  const remove = useMutation({ mutationFn: erpAccountApi.remove, onSuccess: answered });
  const editing = view.kind === 'form' ? view.editing : undefined;

  const openForm = (account?: ErpAccount) => {
    setView({ kind: 'form', editing: account, initial: account ? accountFormOf(account) : emptyAccountForm(accounts.length === 0) });
  };

  const submit = async (full: AccountFormValues) => {
    try {
      await save.mutateAsync(accountBody(full, editing));
      void message.success(erp('saved'));
      setView({ kind: 'list' });
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
    }
  };

  const choose = async (account: ErpAccount) => {
    try {
      const next = await save.mutateAsync(chooseBody(account));
      void message.success(erp('chosen', { name: account.name }));
      onChoose?.(next.find((a) => a.id === account.id) ?? account);
      onClose();
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
    }
  };

  const confirmDelete = (account: ErpAccount) =>
    modal.confirm(
      deleteConfirmation(t, {
        title: erp('deleteTitle'),
        content: erp('deleteContent', { name: account.name }),
        onOk: async () => {
          try {
            await remove.mutateAsync(account.id);
            void message.success(erp('deleted'));
          } catch (error) {
            void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
          }
        },
      }),
    );

  const listView = (
    <div className="bi-erp-accounts" data-testid="erp-accounts">
      {canEdit ? (
        <div className="bi-erp-accounts__bar">
          <Button type="primary" icon={<PlusOutlined />} data-testid="erp-account-add" onClick={() => openForm()}>
            {erp('add')}
          </Button>
        </div>
      ) : null}
      {list.isError ? <Alert type="error" showIcon message={list.error instanceof Error && list.error.message ? list.error.message : erp('loadFailed')} /> : null}
      <Table<ErpAccount>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        pagination={false}
        dataSource={accounts}
        scroll={{ y: 360 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={erp('empty')} /> }}
        onRow={(a) => ({ 'data-testid': `erp-account-${a.name}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'name',
            title: erp('columns.name'),
            render: (_, a) => (
              <div className="bi-erp-accounts__cell">
                <Typography.Text ellipsis={{ tooltip: a.name }} className="bi-erp-accounts__name">
                  {a.name}
                </Typography.Text>
                {a.isPrimary || a.isSelected ? (
                  <Space size={4} wrap>
                    {a.isPrimary ? (
                      <Tag color="blue" data-testid="erp-account-primary">
                        {erp('primary')}
                      </Tag>
                    ) : null}
                    {a.isSelected ? (
                      <Tag color="green" data-testid="erp-account-selected">
                        {erp('selected')}
                      </Tag>
                    ) : null}
                  </Space>
                ) : null}
              </div>
            ),
          },
          { key: 'server', title: erp('columns.server'), width: 240, render: (_, a) => <Typography.Text ellipsis={{ tooltip: true }}>{`${a.ip}:${a.port}`}</Typography.Text> },
          { key: 'user', title: erp('columns.userName'), dataIndex: 'userName', width: 130, ellipsis: true },
          {
            key: 'actions',
            title: erp('columns.actions'),
            width: 190,
            render: (_, a) => (
              <Space size={0}>
                <Button type="link" size="small" data-testid="erp-account-choose" onClick={() => void choose(a)} disabled={save.isPending}>
                  {erp('choose')}
                </Button>
                {canEdit ? (
                  <Button type="link" size="small" data-testid="erp-account-edit" onClick={() => openForm(a)}>
                    {erp('edit')}
                  </Button>
                ) : null}
                {canEdit && !a.isPrimary ? (
                  <Button type="link" size="small" danger data-testid="erp-account-delete" onClick={() => confirmDelete(a)}>
                    {erp('delete')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );

  const formView =
    view.kind === 'form' ? <AccountForm key={editing?.id ?? 'new'} editing={editing} initial={view.initial} pending={save.isPending} onSubmit={submit} onBack={() => setView({ kind: 'list' })} /> : null;

  return (
    <DialogModal
      open={open}
      title={view.kind === 'form' ? (editing ? erp('form.editTitle', { name: editing.name }) : erp('form.createTitle')) : erp('title')}
      onCancel={onClose}
      footer={null}
      width={view.kind === 'form' ? 520 : 820}
    >
      {view.kind === 'form' ? formView : listView}
    </DialogModal>
  );
}

interface AccountFormProps {
  editing: ErpAccount | undefined;
  initial: AccountFormValues;
  pending: boolean;
  onSubmit: (values: AccountFormValues) => Promise<void>;
  onBack: () => void;
}

/** The create / edit form (spec 02 §5 "ERP account"): its own form store, so a new account starts empty; Enter saves. */
function AccountForm({ editing, initial, pending, onSubmit, onBack }: AccountFormProps) {
  const { erp } = useErpTranslation();
  const [form] = Form.useForm<AccountFormValues>();
  const submit = async (values: AccountFormValues) => {
    const full = { ...emptyAccountForm(false), ...values };
    const problems = accountProblems(full, editing);
    form.setFields(FIELDS.map((name) => ({ name, errors: problems[name] ? [erp(`form.${problems[name]}`)] : [] })));
    if (Object.keys(problems).length === 0) await onSubmit(full);
  };
  return (
    <Form<AccountFormValues>
      form={form}
      initialValues={initial}
      layout="vertical" className="bi-erp-account-form" data-testid="erp-account-form" onFinish={(v) => void submit(v)} requiredMark>
      <Form.Item name="name" label={erp('form.name')} required>
        <Input data-testid="erp-account-name" maxLength={ACCOUNT_BOUNDS.name} autoFocus />
      </Form.Item>
      <div className="bi-erp-account-form__server">
        <Form.Item name="ip" label={erp('form.ip')} required className="bi-erp-account-form__ip">
          <Input data-testid="erp-account-ip" maxLength={ACCOUNT_BOUNDS.ip} />
        </Form.Item>
        <Form.Item name="port" label={erp('form.port')} required className="bi-erp-account-form__port">
          <Input data-testid="erp-account-port" inputMode="numeric" maxLength={5} />
        </Form.Item>
      </div>
      <Form.Item name="userName" label={erp('form.userName')} required>
        <Input data-testid="erp-account-user" maxLength={ACCOUNT_BOUNDS.userName} autoComplete="off" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.ip !== b.ip || a.port !== b.port}>
        {({ getFieldsValue }) => {
          const keeps = keepsStoredPassword({ ...emptyAccountForm(false), ...getFieldsValue() }, editing);
          return (
            <Form.Item name="identity" label={erp('form.identity')} required={!keeps}>
              <Input.Password data-testid="erp-account-password" maxLength={ACCOUNT_BOUNDS.identity} autoComplete="new-password" placeholder={keeps ? erp('form.identityKept') : undefined} />
            </Form.Item>
          );
        }}
      </Form.Item>
      <Form.Item name="isPrimary" valuePropName="checked">
        <Checkbox data-testid="erp-account-primary-check">{erp('form.isPrimary')}</Checkbox>
      </Form.Item>
      <div className="bi-erp-account-form__buttons">
        <Button data-testid="erp-account-back" onClick={onBack}>
          {erp('form.back')}
        </Button>
        <Button type="primary" htmlType="submit" data-testid="erp-account-save" loading={pending}>
          {erp('form.save')}
        </Button>
      </div>
    </Form>
  );
}
