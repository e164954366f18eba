import { useCallback, useRef, useState } from 'react';
import { FILE_MESSAGES } from '../../../../domain/files/file-rules.js';
import { precheck, uploadFile, type FileRecord } from './files-api.js';

/** One file on its way: checked here first, then sent with progress; cancel stops it at any point. */
export interface UploadItem {
  key: number;
  name: string;
  state: 'checking' | 'uploading' | 'done' | 'failed' | 'cancelled';
  /** 0..1 of the bytes sent. */
  progress: number;
  message?: string;
}

/**
 * The upload queue of a screen: `add` checks and sends each file at once (in parallel),
 * `onUploaded` hears of every stored file, `cancel` aborts one, `dismiss` drops a finished row.
 */
export function useUploads(onUploaded: (file: FileRecord) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextKey = useRef(1);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  const update = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    async (key: number, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      try {
        const problem = await precheck(file).catch(() => FILE_MESSAGES.processingFailed);
        if (controller.signal.aborted) return update(key, { state: 'cancelled', message: FILE_MESSAGES.processingCancelled });
        if (problem) return update(key, { state: 'failed', message: problem });
        update(key, { state: 'uploading' });
        const outcome = await uploadFile(file, (progress) => update(key, { progress }), controller.signal);
        if (outcome.ok) {
          update(key, { state: 'done', progress: 1, message: undefined });
          uploaded.current(outcome.file);
        } else {
          update(key, { state: outcome.cancelled ? 'cancelled' : 'failed', message: outcome.message });
        }
      } finally {
        controllers.current.delete(key);
      }
    },
    [update],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const queued = files.map((file) => ({ key: nextKey.current++, file }));
      setItems((list) => [...queued.map(({ key, file }) => ({ key, name: file.name || 'file', state: 'checking' as const, progress: 0 })), ...list]);
      for (const { key, file } of queued) void send(key, file);
    },
    [send],
  );
  const cancel = useCallback((key: number) => controllers.current.get(key)?.abort(), []);
  const dismiss = useCallback((key: number) => setItems((list) => list.filter((item) => item.key !== key)), []);
  return { items, add, cancel, dismiss };
}
