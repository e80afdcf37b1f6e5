import { MessageKey } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { Spinner } from '@assessment/ui/progress';
import { NativeSelect } from '@assessment/ui/native-select';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { reportError } from '@/lib/errors/error-bus';
import { collectorQuery } from '../api/get-collector';
import { captureCollectorQuery } from '../api/get-collector-dpack-capture';
import { useInsertCollector } from '../api/insert-collector';
import { useInsertCollectorFromDpackCapture } from '../api/insert-collector-from-dpack-capture';
import { collectorReadyQuery } from '../api/is-collector-ready';
import { captureCollectorReadyQuery } from '../api/is-collector-ready-dpack-capture';
import { collectorTemplatesQuery } from '../api/list-collector-templates';
import { describeCollectorFailure } from '../collector-errors';
import { useCollectorMessage } from './use-collector-message';

export interface CollectorDownloadFlowProps {
  /** A capture link's CaptureRequestToken: the DpackCapture calls, authorised by the token instead of a session. */
  captureRequestToken?: string | undefined;
  /** A poll interval other than the spec's (tests). */
  pollMs?: number;
}

/**
 * The collector download (spec modals addcollector / DownloadLink, part 7): choose a collector template, create the
 * collector (insert → Data.Id), poll isCollectorReady while it is built (a progress bar), then the download link of
 * getCollector saves the package. No template chosen gives choose_collector; a failure shows
 * collectorDownloadError (or the catalogue's fixed texts) and offers to try again.
 */
export function CollectorDownloadFlow({ captureRequestToken, pollMs }: CollectorDownloadFlowProps) {
  const { _: t } = useLingui();
  const capture = captureRequestToken !== undefined;
  const templates = useQuery(collectorTemplatesQuery());
  const [templateId, setTemplateId] = useState('');
  const [collectorId, setCollectorId] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const { messageElement, showMessage } = useCollectorMessage();
  const insert = useInsertCollector();
  const insertCapture = useInsertCollectorFromDpackCapture();

  const id = collectorId ?? 0;
  const token = captureRequestToken ?? '';
  const building = collectorId !== null && !failed;
  const readyOwn = useQuery({ ...collectorReadyQuery(id, pollMs), enabled: building && !capture });
  const readyCapture = useQuery({
    ...captureCollectorReadyQuery(id, token, pollMs),
    enabled: building && capture,
  });
  const ready = capture ? readyCapture : readyOwn;
  const isReady = ready.data?.Data.IsReady === true;
  const detailsOwn = useQuery({ ...collectorQuery(id), enabled: building && isReady && !capture });
  const detailsCapture = useQuery({
    ...captureCollectorQuery(id, token),
    enabled: building && isReady && capture,
  });
  const details = capture ? detailsCapture : detailsOwn;
  const download = details.data?.Data;

  const fail = (error: unknown) => {
    setFailed(true);
    const description = describeCollectorFailure(error);
    if (description.kind === 'message') showMessage(description.key);
    else reportError(error);
  };
  // A failed poll or download-details call ends the build: its message shows once per failure (derived while
  // rendering); the catalogue's fixed texts (timeout, 404) go to the app's error modal.
  const queryError = building ? (ready.error ?? details.error) : null;
  const [shownError, setShownError] = useState<unknown>(null);
  if (queryError !== null && queryError !== shownError) {
    setShownError(queryError);
    const description = describeCollectorFailure(queryError);
    if (description.kind === 'message') showMessage(description.key);
  }
  useEffect(() => {
    if (queryError !== null && describeCollectorFailure(queryError).kind === 'text') reportError(queryError);
  }, [queryError]);

  const onCreate = () => {
    const chosen = Number(templateId);
    if (templateId === '' || !Number.isInteger(chosen)) {
      showMessage(MessageKey.CHOOSE_COLLECTOR);
      return;
    }
    setFailed(false);
    const onSuccess = (answer: { Data: { Id: number } }) => {
      setCollectorId(answer.Data.Id);
    };
    if (capture)
      insertCapture.mutate(
        { body: { CaptureRequestToken: token, CollectorTemplateId: chosen } },
        { onSuccess, onError: fail },
      );
    else insert.mutate({ query: { collectortemplateid: chosen } }, { onSuccess, onError: fail });
  };
  const restart = () => {
    setCollectorId(null);
    setFailed(false);
  };

  const creating = insert.isPending || insertCapture.isPending;
  // The VMware package ships the vSphere collector's binaries and checksums (issue #41): the dialog says what is in it.
  const chosenPlatform = templates.data?.find((x) => String(x.CollectorTemplateId) === templateId)?.Platform;
  // A short list on the browser's own select; nothing is chosen until the person chooses (else choose_collector).
  const options = [
    { id: '', label: t('collectors.download.choose') },
    ...(templates.data ?? []).map((template) => ({
      id: String(template.CollectorTemplateId),
      label: template.Name,
    })),
  ];

  return (
    <div className="collector-download stack">
      {collectorId === null || failed || queryError !== null ? (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onCreate();
          }}
        >
          <p>{t('collectors.download.explain')}</p>
          <NativeSelect
            label={t('collectors.download.template')}
            options={options}
            value={templateId}
            onChange={setTemplateId}
            isDisabled={templates.isPending || creating}
          />
          {templates.isError && <p role="alert">{t('collectors.download.templatesFailed')}</p>}
          {(failed || queryError !== null) && <p role="alert">{t('collectors.download.failed')}</p>}
          <div className="toolbar">
            <Button type="submit" isDisabled={creating || templates.isPending}>
              {creating ? t('collectors.download.creating') : t('collectors.download.create')}
            </Button>
          </div>
        </form>
      ) : download?.DownloadUrl && download.FileName ? (
        <div className="stack">
          <p role="status">{t('collectors.download.ready')}</p>
          {chosenPlatform === 'vmware' && <p>{t('collectors.download.vsphereContents')}</p>}
          <div className="toolbar">
            <a
              className="ui-button"
              data-variant="primary"
              href={download.DownloadUrl}
              download={download.FileName}
            >
              {t('collectors.download.link', { file: download.FileName })}
            </a>
            <Button variant="secondary" onPress={restart}>
              {t('collectors.download.another')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="stack">
          <Spinner label={t('collectors.download.building')} size="large" showLabel />
          <p role="status">{t('collectors.download.buildingHint')}</p>
        </div>
      )}
      {messageElement}
    </div>
  );
}
