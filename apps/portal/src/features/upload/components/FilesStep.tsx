import { FileDropZone, formatBytes, type UploadItem } from '@assessment/ui/file-drop-zone';
import { useLingui } from '@lingui/react';
import type { UploadLimits } from '../file-rules';
import type { QueueFile } from '../hooks/use-upload-queue';

export interface FilesStepProps {
  files: readonly QueueFile[];
  limits: UploadLimits;
  isMixed: boolean;
  /** Files that block the submit, listed under iokit_cant_continue after a refused Finish. */
  blockedFiles: readonly string[] | null;
  textOf: (key: string) => string;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  isDisabled: boolean;
}

/** Step 3: the drop zone and picker, the queue with per-file progress, cancel/remove and messages. */
export function FilesStep({
  files,
  limits,
  isMixed,
  blockedFiles,
  textOf,
  onAdd,
  onRemove,
  isDisabled,
}: FilesStepProps) {
  const { _: t, i18n } = useLingui();
  const items: UploadItem[] = files.map((file) => {
    const key = file.ruleKey ?? file.errorKey;
    return {
      id: file.id,
      name: file.name,
      size: file.size,
      status: file.status,
      progress: file.percent,
      loadedBytes: file.loaded,
      ...(key ? { errorMessage: textOf(key), errorKey: key } : {}),
    };
  });
  return (
    <div className="upload-files">
      <FileDropZone
        items={items}
        onFilesAccepted={onAdd}
        onRemove={onRemove}
        isDisabled={isDisabled}
        labels={{
          zone: t('upload.dropZone'),
          instructions: t('upload.dropInstructions'),
          browse: t('upload.browse'),
          limits: () =>
            t('upload.limits', {
              extensions: limits.extensions.map((e) => `.${e}`).join(', '),
              perFile: formatBytes(limits.maxFileBytes, i18n.locale),
              combined: formatBytes(limits.maxCombinedBytes, i18n.locale),
            }),
          queue: t('upload.queue'),
          status: {
            queued: t('upload.status.queued'),
            uploading: t('upload.status.uploading'),
            done: t('upload.status.done'),
            error: t('upload.status.error'),
          },
          remove: (name, status) =>
            status === 'uploading' ? t('upload.cancelFile', { name }) : t('upload.removeFile', { name }),
          progressValue: (item) =>
            t('upload.progress', {
              loaded: formatBytes(item.loadedBytes ?? 0, i18n.locale),
              size: formatBytes(item.size, i18n.locale),
              percent: Math.round(item.progress ?? 0),
            }),
          summary: (added) => t('upload.added', { count: added }),
          size: (bytes) => formatBytes(bytes, i18n.locale),
        }}
      />
      {isMixed && (
        <p role="alert" className="upload-alert" data-rule="mixed-types">
          {t('upload.mixedTypes')}
        </p>
      )}
      {blockedFiles && blockedFiles.length > 0 && (
        <div role="alert" className="upload-alert" data-message-key="iokit_cant_continue">
          <p>{textOf('iokit_cant_continue')}</p>
          <ul aria-label={t('upload.blockedFiles')}>
            {blockedFiles.map((name, index) => (
              <li key={`${name}-${String(index)}`}>{name}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
