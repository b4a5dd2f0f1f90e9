import type { ButtonProps } from 'antd';

/** Props that put a data-testid on an antd button given through an options object (e.g. okButtonProps). */
export function buttonTestId(testId: string): ButtonProps {
  return { 'data-testid': testId } as ButtonProps;
}

/** The OK button of every dialog: antd Modal's OK button with data-testid="dialog-ok". */
export const DIALOG_OK: ButtonProps = buttonTestId('dialog-ok');
export const DIALOG_CANCEL: ButtonProps = buttonTestId('dialog-cancel');
