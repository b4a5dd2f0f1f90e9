import { useCallback, useState, type ReactNode } from 'react';
import { ShareDialog, type ShareTarget } from '../components/ShareDialog';

/**
 * The share dialog as a hook: `openShare(source)` opens it, `shareDialog` is rendered once. The detail
 * toolbar and the sidebar use it; the ERP-report and indicator wizards call `openShare` after saving a
 * new source (spec 02 §2 screens 3 and 4, §4), and `onClosed` tells them the dialog was closed.
 */
export function useShareDialog(onClosed?: (target: ShareTarget) => void): { openShare: (target: ShareTarget) => void; shareDialog: ReactNode } {
  const [target, setTarget] = useState<ShareTarget | null>(null);
  const openShare = useCallback((next: ShareTarget) => setTarget(next), []);
  const close = () => {
    const closed = target;
    setTarget(null);
    if (closed) onClosed?.(closed);
  };
  return { openShare, shareDialog: <ShareDialog target={target} onClose={close} /> };
}
