import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadItem } from './FileDropZone';

export interface UploadContext {
  /** Report progress in percent (0–100). */
  onProgress: (percent: number) => void;
  /** Aborted when the file is removed or the queue is reset / unmounted. */
  signal: AbortSignal;
}

export interface UploadQueueOptions {
  /**
   * Uploads one file; resolve when the server accepted it, reject with an Error whose message is
   * shown for that file (e.g. the translated server error).
   */
  upload: (file: File, context: UploadContext) => Promise<void>;
}

export interface UploadQueue {
  /** The queue, in the shape `FileDropZone` takes as `items`. */
  items: UploadItem[];
  /** The File of a queued item. */
  fileOf: (id: string) => File | undefined;
  /** Queues files (pass to `onFilesAccepted`); they upload one at a time, in order. */
  addFiles: (files: readonly File[]) => void;
  /** Removes an item (aborting it while it uploads). */
  remove: (id: string) => void;
  /** Aborts everything and empties the queue (e.g. when the upload type changes). */
  reset: () => void;
}

interface Entry {
  item: UploadItem;
  file: File;
  controller: AbortController;
}

/**
 * A queue for `FileDropZone` that uploads files one at a time with the caller's `upload` callback
 * (spec part 4: "files are queued and uploaded one at a time; each completed file records a server
 * response or a server error").
 */
export function useUploadQueue({ upload }: UploadQueueOptions): UploadQueue {
  const entries = useRef<Entry[]>([]);
  const uploadRef = useRef(upload);
  const nextId = useRef(0);
  const [items, setItems] = useState<UploadItem[]>([]);

  useEffect(() => {
    uploadRef.current = upload;
  }, [upload]);

  const publish = useCallback(() => {
    setItems(entries.current.map((e) => e.item));
  }, []);

  const update = useCallback(
    (id: string, patch: Partial<UploadItem>) => {
      entries.current = entries.current.map((e) =>
        e.item.id === id ? { ...e, item: { ...e.item, ...patch } } : e,
      );
      publish();
    },
    [publish],
  );

  const pump = useCallback(() => {
    if (entries.current.some((e) => e.item.status === 'uploading')) return;
    const next = entries.current.find((e) => e.item.status === 'queued');
    if (!next) return;
    const { id } = next.item;
    const { signal } = next.controller;
    update(id, { status: 'uploading', progress: 0 });
    const isCurrent = () => !signal.aborted && entries.current.some((e) => e.item.id === id);
    uploadRef
      .current(next.file, {
        signal,
        onProgress: (percent) => {
          if (isCurrent()) update(id, { progress: Math.min(100, Math.max(0, percent)) });
        },
      })
      .then(
        () => {
          if (isCurrent()) update(id, { status: 'done', progress: 100 });
        },
        (error: unknown) => {
          if (isCurrent()) {
            update(id, {
              status: 'error',
              errorMessage: error instanceof Error ? error.message : String(error),
            });
          }
        },
      )
      .finally(() => {
        pump();
      });
  }, [update]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      for (const file of files) {
        nextId.current += 1;
        entries.current = [
          ...entries.current,
          {
            file,
            controller: new AbortController(),
            item: { id: `upload-${nextId.current}`, name: file.name, size: file.size, status: 'queued' },
          },
        ];
      }
      publish();
      pump();
    },
    [publish, pump],
  );

  const remove = useCallback(
    (id: string) => {
      entries.current.find((e) => e.item.id === id)?.controller.abort();
      entries.current = entries.current.filter((e) => e.item.id !== id);
      publish();
      pump();
    },
    [publish, pump],
  );

  const reset = useCallback(() => {
    for (const e of entries.current) e.controller.abort();
    entries.current = [];
    publish();
  }, [publish]);

  useEffect(
    () => () => {
      for (const e of entries.current) e.controller.abort();
    },
    [],
  );

  const fileOf = useCallback((id: string) => entries.current.find((e) => e.item.id === id)?.file, []);

  return { items, fileOf, addFiles, remove, reset };
}
