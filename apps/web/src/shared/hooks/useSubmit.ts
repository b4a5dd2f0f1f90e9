import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Runs a dialog's save once at a time: a second submit while one runs is ignored; a thrown error is
 * shown (its message — the server's text — or the app's "operation failed") and the dialog stays open.
 */
export function useSubmit() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await work();
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('errors.operationFailed'));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return { pending, run };
}
