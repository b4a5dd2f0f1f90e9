import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Tooltip } from 'antd';
import { useChartEditorTranslation } from '../i18n';
import type { SaveStatus } from '../utils/save-queue';

/** Save state (saving / saved / failed with retry, announced politely) and the undo button. */
export function SaveBar({ status, canUndo, onUndo }: { status: SaveStatus; canUndo: boolean; onUndo: () => void }) {
  const { ce } = useChartEditorTranslation();
  return (
    <Space className="bi-editor__save" size="small">
      <span className="bi-editor__save-state" data-testid="save-status" data-state={status.state} role="status" aria-live="polite">
        {status.state === 'saving' ? (
          <>
            <LoadingOutlined /> {ce('save.saving')}
          </>
        ) : status.state === 'error' ? (
          <>
            <ExclamationCircleOutlined /> {ce('save.notSaved')}
          </>
        ) : status.revision > 0 ? (
          <>
            <CheckCircleOutlined /> {ce('save.saved')}
          </>
        ) : null}
      </span>
      <Tooltip title={ce('save.undoHint')}>
        <Button icon={<UndoOutlined />} disabled={!canUndo} onClick={onUndo} data-testid="editor-undo" aria-keyshortcuts="Control+Z Meta+Z">
          {ce('save.undo')}
        </Button>
      </Tooltip>
    </Space>
  );
}

/** The failed save's message with a retry, above the editor (the edit stays on screen). */
export function SaveError({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { ce } = useChartEditorTranslation();
  if (status.state !== 'error' || !status.error) return null;
  return (
    <Alert
      type="error"
      showIcon
      className="bi-editor__error"
      data-testid="save-error"
      message={ce('save.failed', { message: status.error })}
      action={
        <Button size="small" danger onClick={onRetry} data-testid="save-retry">
          {ce('save.retry')}
        </Button>
      }
    />
  );
}
