import type { ModalFuncProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DIALOG_CANCEL, DIALOG_OK } from './testIds';

/**
 * The confirmation before a delete (modal.confirm): the question, a red Delete button and Cancel,
 * with the test ids every dialog has (the content as `confirm-content`).
 */
export function deleteConfirmation(t: TFunction, ask: { title: ReactNode; content: ReactNode; onOk: ModalFuncProps['onOk'] }): ModalFuncProps {
  return {
    title: ask.title,
    content: <span data-testid="confirm-content">{ask.content}</span>,
    okText: t('common.delete'),
    cancelText: t('common.cancel'),
    okButtonProps: { ...DIALOG_OK, danger: true },
    cancelButtonProps: DIALOG_CANCEL,
    onOk: ask.onOk,
  };
}
