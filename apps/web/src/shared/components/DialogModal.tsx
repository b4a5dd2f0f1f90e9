import { Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DIALOG_CANCEL, DIALOG_OK } from './testIds';

/**
 * The app's dialog: antd's Modal with OK / Cancel in the user's language, the buttons' test ids
 * (dialog-ok, dialog-cancel; extra OK button props such as `disabled` are added to them) and its
 * content dropped when it closes. Everything else as Modal.
 */
export function DialogModal({ okButtonProps, cancelButtonProps, ...props }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      {...props}
      okButtonProps={{ ...DIALOG_OK, ...okButtonProps }}
      cancelButtonProps={{ ...DIALOG_CANCEL, ...cancelButtonProps }}
    />
  );
}
