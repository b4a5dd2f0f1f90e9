import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { DIALOG_CANCEL, DIALOG_OK } from '../components/testIds';

/** Whether a navigation goes to another page (a changed search counts; a hash alone does not). */
export const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) => currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search;

/**
 * "Leave with unsaved changes?" for a page with edits not yet stored (one home for every editor):
 * while `unsaved`, a navigation inside the app asks first (Discard changes / Cancel, the app's
 * texts) and closing or reloading the tab gets the browser's own question. `inApp: false` keeps
 * only the browser's question (pages that store each edit by themselves, such as the chart editor).
 *
 * Returns `leaveSaved(go)`: runs a navigation that must not ask (e.g. "saved, now open the result",
 * called before the page has re-rendered without its unsaved state).
 */
export function useLeaveConfirmation(unsaved: boolean, { inApp = true }: { inApp?: boolean } = {}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const ask = useRef(false);
  ask.current = unsaved && inApp;
  const passing = useRef(false);
  useEffect(() => {
    // a new edit after a let-through navigation that did not leave asks again
    if (unsaved) passing.current = false;
  }, [unsaved]);

  const shouldBlock = useCallback<BlockerFunction>((move) => ask.current && !passing.current && leavesPage(move), []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('leave.title'),
      content: <span data-testid="confirm-content">{t('leave.content')}</span>,
      okText: t('leave.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { ...DIALOG_OK, danger: true },
      cancelButtonProps: DIALOG_CANCEL,
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return {
    leaveSaved: useCallback((go: () => void) => {
      passing.current = true;
      go();
    }, []),
  };
}
