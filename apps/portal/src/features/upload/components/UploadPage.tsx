import { MessageKey, type UploadType } from '@assessment/sdk';
import type { ComboBoxOption } from '@assessment/ui/combobox';
import { Stepper } from '@assessment/ui/stepper';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { LazyServerMessageModal } from '@/features/errors';
import { reportError } from '@/lib/errors/error-bus';
import { useDeleteIokitFile } from '../api/delete-iokit-file';
import { useDeleteUploadedIokit } from '../api/delete-uploaded-iokit';
import { uploadSettingsQuery } from '@/lib/query/upload-settings';
import { useProcessSiokit } from '../api/process-siokit';
import { useQueueIokitUpload } from '../api/queue-iokit-upload';
import type { UploadResult } from '../api/upload-file';
import { blockingFiles, isMixed, limitsFrom, submitBlocker, submitBlockerKey } from '../file-rules';
import { useMessageTexts } from '../hooks/use-message-texts';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { fileListOf, uploadFailureOf } from '../upload-errors';
import { NameStep, type ProjectTarget } from './NameStep';
import { TypeStep } from './TypeStep';
import './upload.css';
import { useSectionTexts } from '@/lib/i18n/i18n';

/** The completion dialog (the kit's Dialog) loads when the upload is done. */
const CompletionDialog = lazy(() => import('./CompletionDialog'));
// The drop zone (React Aria's drag and drop, file trigger, progress bars) loads with the files step's first showing.
const FilesStep = lazy(() => import('./FilesStep').then((module) => ({ default: module.FilesStep })));

interface Message {
  key: string;
  /** Shown after the message is closed (siokit_upload_incomplete, then the completion dialog). */
  then?: () => void;
}

function reloadPage(): void {
  window.location.reload();
}

/**
 * /collectorruns/Upload-Iokit: the upload stepper (spec parts 2, 4, 5): type selection, project name, upload
 * files; files upload one at a time with progress; submit queues iokit files (iokitqueue) or processes siokit
 * files saved to storage (ProcessSiokit), then the completion dialog offers where to go.
 */
export function UploadPage() {
  useSectionTexts('upload');
  const { _: t } = useLingui();
  const { data: settings } = useSuspenseQuery(uploadSettingsQuery());
  const limits = useMemo(() => limitsFrom(settings), [settings]);
  const [type, setType] = useState<UploadType | null>(null);
  const [changingType, setChangingType] = useState(false);
  const [target, setTarget] = useState<ProjectTarget>('new');
  const [name, setName] = useState('');
  const [project, setProject] = useState<ComboBoxOption | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [blocked, setBlocked] = useState<string[] | null>(null);
  const [doneProjectId, setDoneProjectId] = useState<number | null>(null);
  const deleteIokit = useDeleteUploadedIokit();
  const deleteStored = useDeleteIokitFile();
  const queueIokit = useQueueIokitUpload();
  const processSiokit = useProcessSiokit();

  /** Shows a failed upload call: its message key (iokit_generic_error for HTTP 500/400+), or reloads on 302. */
  const showFailure = useCallback((error: unknown) => {
    const failure = uploadFailureOf(error);
    if (failure.kind === 'reload') reloadPage();
    else if (failure.kind === 'message') {
      if (failure.key === MessageKey.IOKIT_CANT_CONTINUE) {
        // iokit_cant_continue introduces a list of files: the files step shows it with them. Without any file
        // named, its "Remove the files with errors" would point at nothing: the generic upload error instead.
        const files = fileListOf(error);
        if (files.length > 0) setBlocked(files);
        else setMessage({ key: MessageKey.IOKIT_GENERIC_ERROR });
        return;
      }
      setMessage({ key: failure.key });
    } else if (failure.kind === 'report') reportError(error);
  }, []);

  const { mutateAsync: deleteIokitAsync } = deleteIokit;
  const { mutateAsync: deleteStoredAsync } = deleteStored;
  const deleteOnServer = useCallback(
    async (result: UploadResult) => {
      if (result.type === 'server') {
        if (result.response.FileId !== null)
          await deleteIokitAsync({ path: { fileId: result.response.FileId } });
      } else {
        await deleteStoredAsync({
          query: { fileId: result.response.BlobFolderId, filename: result.response.FileName },
        });
      }
    },
    [deleteIokitAsync, deleteStoredAsync],
  );

  const queue = useUploadQueue({ type, limits, deleteOnServer, onReload: reloadPage });
  const { textOf, loaders: messageLoaders } = useMessageTexts([
    ...queue.files.flatMap((f) => [f.ruleKey, f.errorKey].filter((k): k is string => k !== null)),
    MessageKey.IOKIT_CANT_CONTINUE,
  ]);

  // The drop zone's "N files added." belongs to the files it announced: once the queue is empty again (files
  // removed, or the type changed, which resets the uploader), a fresh drop zone says nothing stale.
  const [zone, setZone] = useState({ generation: 0, hadFiles: false });
  const hasFiles = queue.files.length > 0;
  if (hasFiles !== zone.hadFiles)
    setZone({ generation: zone.generation + (hasFiles ? 0 : 1), hadFiles: hasFiles });

  const mixed = isMixed(queue.files);
  const blocker = submitBlocker(queue.files);
  const submitting = queueIokit.isPending || processSiokit.isPending;
  const projectName = name.trim();
  const nameValid = target === 'existing' && type === 'server' ? project !== null : projectName !== '';

  const changeType = (next: UploadType) => {
    if (next === type) return;
    if (queue.files.length === 0) {
      setType(next);
      return;
    }
    // Changing the type resets the uploader and deletes every uploaded file on the server; the choice shows at
    // once and goes back when a deletion fails (the files it could not delete stay listed).
    const previous = type;
    setType(next);
    setChangingType(true);
    queue
      .reset()
      .then(
        () => {
          setBlocked(null);
        },
        (error: unknown) => {
          setType(previous);
          showFailure(error);
        },
      )
      .finally(() => {
        setChangingType(false);
      });
  };

  const removeFile = (id: string) => {
    setBlocked(null);
    queue.remove(id).catch(showFailure);
  };

  /**
   * Part 4: a Finish that is not allowed says why: nofiles in a message; iokit_cant_continue in the files step with
   * the files it names; mixed types by the files step's own alert.
   */
  const validateFiles = () => {
    const key = submitBlockerKey(blocker);
    if (key === null) return true;
    if (blocker === 'failed-files') setBlocked(blockingFiles(queue.files));
    else if (blocker !== 'mixed-types') setMessage({ key });
    return false;
  };

  const submit = async () => {
    if (submitBlocker(queue.files) !== null) return;
    const results = queue.files.flatMap((f) => (f.result ? [f.result] : []));
    try {
      if (type === 'storage-protection') {
        const answer = await processSiokit.mutateAsync({
          body: {
            projectName,
            siokitFilesModel: results.flatMap((r) => (r.type === 'storage-protection' ? [r.response] : [])),
          },
        });
        const projectId = answer.Data.Id;
        queue.forget();
        if (answer.ResourceKey === MessageKey.SIOKIT_UPLOAD_INCOMPLETE) {
          setMessage({
            key: MessageKey.SIOKIT_UPLOAD_INCOMPLETE,
            then: () => {
              setDoneProjectId(projectId);
            },
          });
        } else setDoneProjectId(projectId);
        return;
      }
      const iokits = results.flatMap((r) => (r.type === 'server' ? [r.response] : []));
      const existing = target === 'existing' && project !== null;
      const answer = await queueIokit.mutateAsync({
        body: {
          ActionForEmail: null,
          ActionForUserId: null,
          ContainsSiokit: iokits.some((f) => f.FileName.toLowerCase().endsWith('.siokit')),
          ExistingCompanyID: null,
          iokits,
          isNewUser: false,
          NewCompanyId: null,
          NewCompanyName: null,
          NewFirstName: null,
          NewLastName: null,
          NewProjectName: existing ? null : projectName,
          NewSendEmail: false,
          SelectedProjectId: existing ? Number(project.id) : null,
        },
      });
      queue.forget();
      setDoneProjectId(answer.Data.Id);
    } catch (error) {
      showFailure(error);
    }
  };

  const pending = queue.files.some((f) => f.status === 'queued' || f.status === 'uploading');

  return (
    <section aria-labelledby="page-title" className="page upload-page">
      <h1 id="page-title">{t('upload.title')}</h1>
      {messageLoaders}
      <Stepper
        labels={{
          next: t('upload.next'),
          previous: t('upload.back'),
          finish: t('upload.submit'),
          steps: t('upload.steps'),
          stepStatus: (n, count, title) => t('upload.stepStatus', { n, count, title }),
        }}
        onComplete={() => {
          void submit();
        }}
        steps={[
          {
            id: 'type-selection',
            title: t('upload.stepType'),
            isNextDisabled: type === null || changingType,
            content: (
              <TypeStep
                types={settings.UploadTypes}
                value={type}
                onChange={changeType}
                isDisabled={changingType}
              />
            ),
          },
          {
            id: 'project-name',
            title: t('upload.stepName'),
            isNextDisabled: !nameValid,
            content: (
              <NameStep
                target={target}
                onTargetChange={setTarget}
                name={name}
                onNameChange={setName}
                project={project}
                onProjectChange={setProject}
                allowsExisting={type !== 'storage-protection'}
              />
            ),
          },
          {
            id: 'upload-files',
            title: t('upload.stepFiles'),
            isNextDisabled: mixed || pending || submitting || !nameValid,
            validate: validateFiles,
            content: (
              <Suspense fallback={null}>
                <FilesStep
                  key={zone.generation}
                  files={queue.files}
                  limits={limits}
                  isMixed={mixed}
                  blockedFiles={blocked}
                  textOf={textOf}
                  onAdd={(files) => {
                    setBlocked(null);
                    queue.add(files);
                  }}
                  onRemove={removeFile}
                  isDisabled={submitting || type === null}
                />
              </Suspense>
            ),
          },
        ]}
      />
      {submitting && (
        <p role="status" className="upload-hint">
          {t('upload.submitting')}
        </p>
      )}
      {message && (
        <LazyServerMessageModal
          key={message.key}
          messageKey={message.key}
          onClose={() => {
            setMessage(null);
            message.then?.();
          }}
        />
      )}
      {doneProjectId !== null && (
        <Suspense fallback={null}>
          <CompletionDialog
            projectId={doneProjectId}
            onClose={() => {
              setDoneProjectId(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
