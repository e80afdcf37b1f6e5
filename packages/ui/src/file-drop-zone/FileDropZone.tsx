import { useId, useState, type ReactNode } from 'react';
import {
  Button,
  DropZone,
  FileTrigger,
  isFileDropItem,
  Text,
  useLocale,
  type DropItem,
} from 'react-aria-components';
import { ProgressBar } from '../progress';
import { checkFiles, formatBytes, type FileRejection, type FileRules } from './rules';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error';

/** One file of the queue (the caller owns the queue; see `useUploadQueue`). */
export interface UploadItem {
  /** Stable id of the item (passed to `onRemove`). */
  id: string;
  /** File name, shown in the queue (and the label of its progress bar while uploading). */
  name: string;
  /** Size in bytes. */
  size: number;
  /** Where the file is in its life cycle, exposed as `data-status` on its list item. */
  status: UploadStatus;
  /**
   * Percent 0–100 while uploading.
   * @default 0
   */
  progress?: number;
  /**
   * Bytes sent so far while uploading (shown with the percent).
   * @default undefined (percent only)
   */
  loadedBytes?: number;
  /**
   * Shown when status is 'error' (e.g. the translated server error).
   * @default undefined (no error text)
   */
  errorMessage?: string;
  /**
   * Message key behind `errorMessage`, exposed as `data-error-key` on the error text.
   * @default undefined
   */
  errorKey?: string;
}

/** Texts of the drop zone; pass translated ones. */
export interface FileDropZoneLabels {
  /** Accessible name of the drop target. Default: 'File drop zone'. */
  zone: string;
  /** Visible instruction before the browse button. Default: 'Drop files here or'. */
  instructions: string;
  /** Label of the browse button. Default: 'Browse files'. */
  browse: string;
  /** Limits hint, wired to the browse button. Default: 'Accepted: .iokit, .siokit. Up to 100 MB per file.' */
  limits: (rules: FileRules) => string;
  /** Accessible name of the queue list. Default: 'Files'. */
  queue: string;
  /** Accessible name of the list of refused files. Default: 'Files not added'. */
  rejectedList: string;
  /** Text of each upload status. Default: Queued / Uploading / Uploaded / Failed. */
  status: Record<UploadStatus, string>;
  /** Accessible name of an item's remove button (status 'uploading': it cancels). Default: 'Remove {fileName}' / 'Cancel upload of {fileName}'. */
  remove: (fileName: string, status: UploadStatus) => string;
  /** Value text of an uploading item's progress bar. Default: '1.5 MB of 3 MB (50%)'. */
  progressValue: (item: UploadItem) => string;
  /** Reason shown for a refused file (map it to your message keys). Default: e.g. 'a.txt: only .iokit, .siokit files are accepted.' */
  rejection: (rejection: FileRejection, rules: FileRules) => string;
  /** Polite announcement after each batch. Default: '2 files added. 1 file not added.' */
  summary: (added: number, rejected: number) => string;
  /**
   * A queued file's size; pass the reader's culture's formatter where the app chooses the culture itself.
   * @default formatBytes in the locale of React Aria's I18nProvider (else the browser's language), e.g. '1.5 kB'
   */
  size?: (bytes: number) => string;
}

const listExtensions = (rules: FileRules) =>
  rules.acceptedExtensions.map((e) => `.${e.replace(/^\./, '')}`).join(', ');

export const DEFAULT_FILE_DROP_ZONE_LABELS: FileDropZoneLabels = {
  zone: 'File drop zone',
  instructions: 'Drop files here or',
  browse: 'Browse files',
  limits: (rules) =>
    [
      rules.acceptedExtensions.length > 0 ? `Accepted: ${listExtensions(rules)}.` : '',
      rules.maxFileBytes !== undefined ? `Up to ${formatBytes(rules.maxFileBytes)} per file.` : '',
      rules.maxTotalBytes !== undefined ? `Up to ${formatBytes(rules.maxTotalBytes)} in total.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  queue: 'Files',
  rejectedList: 'Files not added',
  status: { queued: 'Queued', uploading: 'Uploading', done: 'Uploaded', error: 'Failed' },
  remove: (name, status) => (status === 'uploading' ? `Cancel upload of ${name}` : `Remove ${name}`),
  progressValue: (item) =>
    item.loadedBytes === undefined
      ? `${Math.round(item.progress ?? 0)}%`
      : `${formatBytes(item.loadedBytes)} of ${formatBytes(item.size)} (${Math.round(item.progress ?? 0)}%)`,
  rejection: ({ file, reason }, rules) => {
    if (reason === 'type') return `${file.name}: only ${listExtensions(rules)} files are accepted.`;
    if (reason === 'size') return `${file.name}: larger than ${formatBytes(rules.maxFileBytes ?? 0)}.`;
    return `${file.name}: the files together would exceed ${formatBytes(rules.maxTotalBytes ?? 0)}.`;
  },
  summary: (added, rejected) =>
    [
      added > 0 ? `${added} file${added === 1 ? '' : 's'} added.` : '',
      rejected > 0 ? `${rejected} file${rejected === 1 ? '' : 's'} not added.` : '',
    ]
      .filter(Boolean)
      .join(' '),
};

export interface FileDropZoneProps {
  /** The queue to show, with per-file status (controlled by the caller, e.g. `useUploadQueue().items`). Required. */
  items: readonly UploadItem[];
  /** Called with the files that passed the rules, in order; add them to your queue. Required. */
  onFilesAccepted: (files: File[]) => void;
  /**
   * Called with the files refused by a rule (each with its reason); the queue is never changed.
   * @default undefined
   */
  onFilesRejected?: (rejections: FileRejection[]) => void;
  /**
   * Called when the user removes an item (also while it uploads: abort it); without it items have
   * no remove button.
   * @default undefined
   */
  onRemove?: (id: string) => void;
  /**
   * Accepted extensions without the dot, case-insensitive (e.g. IOKIT_EXTENSIONS, LOGO_EXTENSIONS).
   * @default [] (any file)
   */
  acceptedExtensions?: readonly string[];
  /**
   * Per-file limit in bytes (e.g. IOKIT_MAX_FILE_BYTES, LOGO_MAX_BYTES).
   * @default undefined (no limit)
   */
  maxFileBytes?: number;
  /**
   * Limit in bytes of all queued files together (the configured combined limit).
   * @default undefined (no limit)
   */
  maxTotalBytes?: number;
  /**
   * Whether several files can be chosen at once.
   * @default true
   */
  allowsMultiple?: boolean;
  /**
   * Whether adding files is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Texts (merged with the English defaults). Map `rejection` to your message keys, e.g.
   * only_iokit_allowed / only_iokit_lessthen_hundred_mb_allowed / siokit_upload_combined_file_size_exceeded_limit.
   * @default DEFAULT_FILE_DROP_ZONE_LABELS
   */
  labels?: Partial<FileDropZoneLabels>;
  /**
   * Extra content under the instructions (e.g. a note on the upload type).
   * @default undefined
   */
  children?: ReactNode;
  /**
   * Extra class name on the root element.
   * @default undefined
   */
  className?: string;
}

/**
 * File drop zone (React Aria `DropZone` + `FileTrigger`): files are checked against the accepted
 * extensions, the per-file and the combined size limits; refused files are listed with a per-file
 * reason and already queued files are never dropped. The queue shows each file's status (queued,
 * uploading with a progress bar, done, error with its message). A polite status announces each
 * batch. State attributes: `data-disabled`, `data-has-rejections`; items carry `data-status`.
 */
export function FileDropZone({
  items,
  onFilesAccepted,
  onFilesRejected,
  onRemove,
  acceptedExtensions = [],
  maxFileBytes,
  maxTotalBytes,
  allowsMultiple = true,
  isDisabled = false,
  labels: labelsProp,
  children,
  className,
}: FileDropZoneProps) {
  const labels = { ...DEFAULT_FILE_DROP_ZONE_LABELS, ...labelsProp };
  // Sizes in the reader's culture (React Aria's I18nProvider, else the browser's language).
  const { locale } = useLocale();
  const rules: FileRules = { acceptedExtensions, maxFileBytes, maxTotalBytes };
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();

  const addFiles = (files: File[]) => {
    if (isDisabled || files.length === 0) return;
    const batch = allowsMultiple ? files : files.slice(0, 1);
    const queuedBytes = items.reduce((sum, i) => sum + i.size, 0);
    const { accepted, rejected } = checkFiles(batch, rules, queuedBytes);
    setRejections(rejected);
    setAnnouncement(labels.summary(accepted.length, rejected.length));
    if (accepted.length > 0) onFilesAccepted(accepted);
    if (rejected.length > 0) onFilesRejected?.(rejected);
  };

  const onDrop = async (dropped: readonly DropItem[]) => {
    const files = await Promise.all(dropped.filter(isFileDropItem).map((item) => item.getFile()));
    addFiles(files);
  };

  return (
    <div
      className={['ui-file-drop-zone', className].filter(Boolean).join(' ')}
      data-disabled={isDisabled || undefined}
      data-has-rejections={rejections.length > 0 || undefined}
    >
      <DropZone
        className="ui-file-drop-zone__zone"
        aria-label={labels.zone}
        isDisabled={isDisabled}
        getDropOperation={() => (isDisabled ? 'cancel' : 'copy')}
        onDrop={(event) => {
          void onDrop(event.items);
        }}
      >
        <Text slot="label" className="ui-file-drop-zone__instructions">
          {labels.instructions}
        </Text>{' '}
        <FileTrigger
          acceptedFileTypes={acceptedExtensions.map((e) => `.${e.replace(/^\./, '')}`)}
          allowsMultiple={allowsMultiple}
          onSelect={(list) => {
            addFiles(list ? Array.from(list) : []);
          }}
        >
          <Button className="ui-file-drop-zone__browse" isDisabled={isDisabled} aria-describedby={hintId}>
            {labels.browse}
          </Button>
        </FileTrigger>
        <p id={hintId} className="ui-file-drop-zone__limits">
          {labels.limits(rules)}
        </p>
        {children}
      </DropZone>
      <div role="status" className="ui-visually-hidden">
        {announcement}
      </div>
      {rejections.length > 0 && (
        <ul className="ui-file-drop-zone__rejections" aria-label={labels.rejectedList}>
          {rejections.map((r, i) => (
            <li key={`${r.file.name}-${i}`} className="ui-file-drop-zone__rejection" data-reason={r.reason}>
              {labels.rejection(r, rules)}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <ul className="ui-file-drop-zone__queue" aria-label={labels.queue}>
          {items.map((item) => (
            <li key={item.id} className="ui-file-drop-zone__item" data-status={item.status}>
              {item.status === 'uploading' ? (
                <ProgressBar
                  label={item.name}
                  value={item.progress ?? 0}
                  valueLabel={labels.progressValue(item)}
                />
              ) : (
                <span className="ui-file-drop-zone__name">{item.name}</span>
              )}
              <span className="ui-file-drop-zone__size">
                {labels.size ? labels.size(item.size) : formatBytes(item.size, locale)}
              </span>
              <span className="ui-file-drop-zone__status">{labels.status[item.status]}</span>
              {item.status === 'error' && item.errorMessage && (
                <span className="ui-file-drop-zone__error" data-error-key={item.errorKey}>
                  {item.errorMessage}
                </span>
              )}
              {onRemove && (
                <Button
                  className="ui-file-drop-zone__remove"
                  aria-label={labels.remove(item.name, item.status)}
                  onPress={() => {
                    onRemove(item.id);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
