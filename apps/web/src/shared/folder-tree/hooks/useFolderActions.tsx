import { useState, type ReactNode } from 'react';
import { NameDialog } from '../components/TreeDialogs';
import { useTreeFeedback } from './useTreeFeedback';

/** The keys of the folder texts every area keeps under its own `folder.` catalogue entry. */
const FOLDER_TEXT_KEYS = ['createTitle', 'renameTitle', 'created', 'renamed', 'deleteTitle', 'deleted'] as const;
export type FolderTextKey = (typeof FOLDER_TEXT_KEYS)[number];

/** An area's words for its folders' create, rename and delete; `deleteContent` asks about this folder. */
export type FolderActionTexts = Record<FolderTextKey, string> & { deleteContent: (folder: { id: string; name: string }) => ReactNode };

/** The folder texts from the area's `folder.*` texts, plus the delete question. */
export function folderTexts(folder: (key: FolderTextKey) => string, deleteContent: FolderActionTexts['deleteContent']): FolderActionTexts {
  return { ...(Object.fromEntries(FOLDER_TEXT_KEYS.map((key) => [key, folder(key)])) as Record<FolderTextKey, string>), deleteContent };
}

/** An area's folder calls. */
export interface FolderActionCalls {
  /** Creates a folder; answers its id. */
  create: (name: string) => Promise<string>;
  rename: (id: string, name: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}

/**
 * Create, rename and delete of a tree's folders, the same in every sidebar: the name dialogs (with
 * the name rule, Enter submits, the server's error in a toast), the delete confirmation, the success
 * toasts, and the new folder expanded. `dialogs` goes into the sidebar.
 */
export function useFolderActions({ texts, calls, expand, inputTestId, afterDelete }: {
  texts: FolderActionTexts;
  calls: FolderActionCalls;
  expand: (id: string) => void;
  inputTestId?: string;
  afterDelete?: (id: string) => void;
}) {
  const feedback = useTreeFeedback();
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'rename'; id: string; name: string } | null>(null);
  const close = () => setDialog(null);

  const dialogs = (
    <>
      <NameDialog
        open={dialog?.kind === 'create'}
        title={texts.createTitle}
        inputTestId={inputTestId}
        onClose={close}
        onSubmit={async (name) => {
          expand(await calls.create(name));
          feedback.success(texts.created);
        }}
      />
      {dialog?.kind === 'rename' ? (
        <NameDialog
          open
          title={texts.renameTitle}
          initialName={dialog.name}
          inputTestId={inputTestId}
          onClose={close}
          onSubmit={async (name) => {
            await calls.rename(dialog.id, name);
            feedback.success(texts.renamed);
          }}
        />
      ) : null}
    </>
  );

  return {
    create: () => setDialog({ kind: 'create' }),
    rename: (folder: { id: string; name: string }) => setDialog({ kind: 'rename', ...folder }),
    remove: (folder: { id: string; name: string }) =>
      feedback.confirmDelete({
        title: texts.deleteTitle,
        content: texts.deleteContent(folder),
        run: () => calls.remove(folder.id),
        done: texts.deleted,
        after: () => afterDelete?.(folder.id),
      }),
    dialogs,
  };
}
