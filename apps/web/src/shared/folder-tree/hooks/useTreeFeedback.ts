import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteConfirmation } from '../../components/deleteConfirmation';

/** The text of a thrown error (ApiError messages are the server's, in the UI language), else "operation failed". */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => (error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
}

/**
 * Toasts and the delete confirmation of a tree: `confirmDelete` asks, runs the delete, shows
 * `done` and then runs `after`; a failure shows the server's text.
 */
export function useTreeFeedback() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const showError = (error: unknown) => void message.error(errorText(error));
  const confirmDelete = (ask: { title: ReactNode; content: ReactNode; run: () => Promise<unknown>; done: string; after?: () => void }) =>
    modal.confirm(
      deleteConfirmation(t, {
        title: ask.title,
        content: ask.content,
        onOk: async () => {
          try {
            await ask.run();
            void message.success(ask.done);
            ask.after?.();
          } catch (error) {
            showError(error);
          }
        },
      }),
    );
  return { message, showError, confirmDelete, success: (text: string) => void message.success(text) };
}
