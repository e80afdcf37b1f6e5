import type { UploadType } from '@assessment/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadCollectorFile, type UploadResult } from '../api/upload-file';
import { checkBatch, type UploadLimits } from '../file-rules';
import { fileFailureKey } from '../upload-errors';

/** One file of the upload queue. */
export interface QueueFile {
  id: string;
  name: string;
  size: number;
  status: 'queued' | 'uploading' | 'done' | 'error';
  /** Bytes sent and percent while uploading. */
  loaded: number;
  percent: number;
  /** The local rule the file breaks (never uploaded), e.g. only_iokit_allowed. */
  ruleKey: string | null;
  /** The server's error for the file (its ErrorKey, iokit_generic_error, serverError…). */
  errorKey: string | null;
  /** What the server recorded (also for an iokit answer with an ErrorKey). */
  result: UploadResult | null;
}

interface Entry {
  item: QueueFile;
  file: File;
  controller: AbortController;
}

export interface UploadQueueOptions {
  type: UploadType | null;
  limits: UploadLimits;
  /** Deletes a recorded file on the server (removed from the queue, or the upload type changed). */
  deleteOnServer: (result: UploadResult) => Promise<void>;
  /** HTTP 302 on an upload call. */
  onReload: () => void;
}

/** The server id of a recorded file, if the server kept it. */
export function storedIdOf(result: UploadResult | null): string | null {
  if (result === null) return null;
  return result.type === 'server' ? result.response.FileId : result.response.BlobFolderId;
}

/**
 * The upload queue (spec part 4): files are checked against the rules when added (refused files stay in the
 * queue with their message), then uploaded one at a time with byte progress; each completed file records the
 * server's answer or a server error. Removing a file cancels its upload and deletes it on the server.
 */
export function useUploadQueue({ type, limits, deleteOnServer, onReload }: UploadQueueOptions) {
  const entries = useRef<Entry[]>([]);
  const nextId = useRef(0);
  const typeRef = useRef(type);
  const callbacks = useRef({ deleteOnServer, onReload });
  const [files, setFiles] = useState<QueueFile[]>([]);

  useEffect(() => {
    typeRef.current = type;
    callbacks.current = { deleteOnServer, onReload };
  });

  const publish = useCallback(() => {
    setFiles(entries.current.map((e) => e.item));
  }, []);

  const update = useCallback(
    (id: string, patch: Partial<QueueFile>) => {
      entries.current = entries.current.map((e) =>
        e.item.id === id ? { ...e, item: { ...e.item, ...patch } } : e,
      );
      publish();
    },
    [publish],
  );

  const pump = useCallback(() => {
    const uploadType = typeRef.current;
    if (uploadType === null || entries.current.some((e) => e.item.status === 'uploading')) return;
    const next = entries.current.find((e) => e.item.status === 'queued');
    if (!next) return;
    const { id } = next.item;
    const { signal } = next.controller;
    const isCurrent = () => !signal.aborted && entries.current.some((e) => e.item.id === id);
    update(id, { status: 'uploading', loaded: 0, percent: 0 });
    uploadCollectorFile(uploadType, next.file, {
      signal,
      onProgress: ({ loaded, percent }) => {
        if (isCurrent()) update(id, { loaded, percent });
      },
    })
      .then(
        (result) => {
          if (!isCurrent()) {
            // Removed while its answer was on the way: the server kept it, so delete it there too.
            if (storedIdOf(result) !== null)
              void callbacks.current.deleteOnServer(result).catch(() => undefined);
            return;
          }
          const errorKey = result.type === 'server' ? result.response.ErrorKey : null;
          update(id, {
            status: errorKey ? 'error' : 'done',
            errorKey,
            result,
            loaded: next.file.size,
            percent: 100,
          });
        },
        (error: unknown) => {
          const key = fileFailureKey(error);
          if (key === 'reload') {
            callbacks.current.onReload();
            return;
          }
          if (key === 'aborted' || !isCurrent()) return;
          update(id, { status: 'error', errorKey: key });
        },
      )
      .finally(() => {
        pump();
      });
  }, [update]);

  /** Adds files: refused ones stay in the queue with their rule's message; the others upload in order. */
  const add = useCallback(
    (added: readonly File[]) => {
      const acceptedBytes = entries.current
        .filter((e) => e.item.ruleKey === null)
        .reduce((sum, e) => sum + e.item.size, 0);
      const keys = checkBatch(added, limits, acceptedBytes);
      added.forEach((file, index) => {
        nextId.current += 1;
        const ruleKey = keys[index] ?? null;
        entries.current = [
          ...entries.current,
          {
            file,
            controller: new AbortController(),
            item: {
              id: `upload-${nextId.current}`,
              name: file.name,
              size: file.size,
              status: ruleKey ? 'error' : 'queued',
              loaded: 0,
              percent: 0,
              ruleKey,
              errorKey: null,
              result: null,
            },
          },
        ];
      });
      publish();
      pump();
    },
    [limits, publish, pump],
  );

  /**
   * Removes a file: cancels its upload; a file the server kept is deleted there first and stays in the queue
   * when that fails (the caller shows the failure).
   */
  const remove = useCallback(
    async (id: string) => {
      const entry = entries.current.find((e) => e.item.id === id);
      if (!entry) return;
      const { result } = entry.item;
      if (result && storedIdOf(result) !== null) await callbacks.current.deleteOnServer(result);
      entry.controller.abort();
      entries.current = entries.current.filter((e) => e.item.id !== id);
      publish();
      pump();
    },
    [publish, pump],
  );

  /**
   * Empties the queue (the upload type changed): cancels every upload and deletes every file the server kept.
   * Files whose deletion fails stay (with the first failure rethrown).
   */
  const reset = useCallback(async () => {
    const all = entries.current;
    for (const e of all) e.controller.abort();
    // Files the server did not keep leave at once; the kept ones once deleted there.
    const kept = all.filter((e) => e.item.result !== null && storedIdOf(e.item.result) !== null);
    entries.current = kept;
    publish();
    const outcomes = await Promise.allSettled(
      kept.map(async (e) => {
        if (e.item.result) await callbacks.current.deleteOnServer(e.item.result);
      }),
    );
    const failedIds = new Set(
      kept.filter((_, i) => outcomes[i]?.status === 'rejected').map((e) => e.item.id),
    );
    entries.current = entries.current.filter((e) => failedIds.has(e.item.id));
    publish();
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failure) throw failure.reason;
  }, [publish]);

  /** Empties the queue without deleting anything on the server (the files now belong to a project). */
  const forget = useCallback(() => {
    entries.current = [];
    publish();
  }, [publish]);

  useEffect(
    () => () => {
      for (const e of entries.current) e.controller.abort();
    },
    [],
  );

  return { files, add, remove, reset, forget };
}
