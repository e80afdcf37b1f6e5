import { useLingui } from '@lingui/react';
import { CollectorDownloadFlow } from './CollectorDownloadFlow';

/**
 * /dpackcapture/collector?CaptureRequestToken=…: the capture link of a dpack-capture registration. Nobody signs in:
 * the token authorises the DpackCapture variants of insert, readiness poll and download.
 */
export function CaptureCollectorPage({ captureRequestToken }: { captureRequestToken: string }) {
  const { _: t } = useLingui();
  return (
    <main id="main" className="app-main" tabIndex={-1}>
      <section aria-labelledby="page-title" className="page">
        <h1 id="page-title">{t('collectors.capture.title')}</h1>
        <p>{t('collectors.capture.explain')}</p>
        {captureRequestToken ? (
          <CollectorDownloadFlow captureRequestToken={captureRequestToken} />
        ) : (
          <p role="alert">{t('collectors.capture.invalid')}</p>
        )}
      </section>
    </main>
  );
}
