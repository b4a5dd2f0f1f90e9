import { useRef, useState } from 'react';
import { saveBlob } from '../../../shared/api/download';
import { useTreeFeedback } from '../../../shared/folder-tree';
import { useEditAuth } from '../../dashboard/hooks/useEditAuth';
import { templateApi } from '../api/template';
import { CopyDialog, type CopySubject } from '../components/CopyDialog';
import { PublishDialog, type PublishOrigin } from '../components/PublishDialog';
import { useTpTranslation } from '../i18n';
import type { PublishKind } from '../types';
import { TEMPLATE_FILE_MAX_MB, exportFileName, parseTemplateFile } from '../utils/file';

/**
 * The template actions of a screen and their dialogs: publish (template:edit), copy a template
 * dashboard or folder (with a place to copy to: dashboard:edit or template:edit), export to a JSON
 * file, and (with `importer`) import one: a file picker, then the copy dialog. Render `dialogs` once.
 */
export function useTemplateActions({ importer = false }: { importer?: boolean } = {}) {
  const { tp } = useTpTranslation();
  const feedback = useTreeFeedback();
  const { canEditTemplate } = useEditAuth('template');
  const { editAuth: canEditDashboard } = useEditAuth('dashboard');
  const [subject, setSubject] = useState<CopySubject | null>(null);
  const [publishing, setPublishing] = useState<{ origin?: PublishOrigin } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const tokens = useRef(0);

  const exportTemplate = async (kind: PublishKind, id: string) => {
    try {
      const file = await templateApi.exportFile(kind, id);
      const name = exportFileName(file.name);
      saveBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), name);
      feedback.success(tp('exchange.exported', { file: name }));
    } catch (error) {
      feedback.showError(error instanceof Error && error.message ? error : new Error(tp('exchange.exportFailed')));
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > TEMPLATE_FILE_MAX_MB * 1024 * 1024) {
      void feedback.message.error(tp('exchange.tooLarge', { size: TEMPLATE_FILE_MAX_MB }));
      return;
    }
    const parsed = parseTemplateFile(await file.text());
    if (!parsed) {
      void feedback.message.error(tp('exchange.invalidFile'));
      return;
    }
    tokens.current += 1;
    setSubject({ kind: 'import', file: parsed, token: `${tokens.current}:${file.name}` });
  };

  const dialogs = (
    <>
      {importer ? (
        <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="template-import-file"
        aria-label={tp('exchange.chooseFile')}
        onChange={(event) => {
          const input = event.currentTarget;
          void readFile(input.files?.[0]).finally(() => {
            input.value = '';
          });
        }}
        />
      ) : null}
      <CopyDialog subject={subject} onClose={() => setSubject(null)} />
      {publishing ? <PublishDialog open origin={publishing.origin} onClose={() => setPublishing(null)} /> : null}
    </>
  );

  return {
    /** publishing needs template:edit (publish_menu and publish refuse others) */
    canPublish: canEditTemplate,
    /** a copy or an import needs somewhere to land: the dashboard tab (dashboard:edit) or the template tab (template:edit) */
    canCopy: canEditDashboard || canEditTemplate,
    canEditTemplate,
    publish: (origin?: PublishOrigin) => setPublishing({ origin }),
    copy: (next: CopySubject) => setSubject(next),
    exportTemplate: (kind: PublishKind, id: string) => void exportTemplate(kind, id),
    pickImport: () => fileInput.current?.click(),
    dialogs,
  };
}
