import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile, type UploadHandle } from '../api/excelUpload';
import { useXlTranslation } from '../i18n';
import type { FileStatus, UploadAction, UploadResult } from '../types';
import { checkFile } from '../utils/wizard';

export interface UploadItem {
  name: string;
  size: number;
  status: FileStatus;
  percent: number;
}

/**
 * The upload step's one file (spec 02 §4): ready → uploading (XMLHttpRequest progress) → success
 * with the sheets, or fail, which takes the file off the list and leaves the error text.
 */
export function useUploadFile(action: UploadAction) {
  const { xl } = useXlTranslation();
  const [item, setItem] = useState<UploadItem | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);

  useEffect(() => () => handle.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      handle.current?.abort();
      setResult(null);
      const problem = checkFile(file);
      if (problem) {
        setItem(null);
        setError(xl(problem));
        return;
      }
      setError(null);
      setItem({ name: file.name, size: file.size, status: 'ready', percent: 0 });
      const h = uploadFile(file, action, (percent) => setItem((it) => (it ? { ...it, status: 'uploading', percent } : it)), xl('upload.error'));
      handle.current = h;
      setItem((it) => (it ? { ...it, status: 'uploading' } : it));
      h.promise.then(
        (r) => {
          if (handle.current !== h) return;
          setItem((it) => (it ? { ...it, status: 'success', percent: 100 } : it));
          setResult(r);
        },
        (e: unknown) => {
          if (handle.current !== h || (e instanceof DOMException && e.name === 'AbortError')) return;
          // a failed upload removes the file from the list (spec 02 §8)
          setItem(null);
          setError(e instanceof Error && e.message ? e.message : xl('upload.error'));
        },
      );
    },
    [action, xl],
  );

  /** Going back to the upload step clears the sheets and the file list. */
  const clear = useCallback(() => {
    handle.current?.abort();
    handle.current = null;
    setItem(null);
    setResult(null);
    setError(null);
  }, []);

  return { item, result, error, start, clear };
}
