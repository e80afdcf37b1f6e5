import { useLingui } from '@lingui/react';
import { useLocation } from '@tanstack/react-router';
import { captureTokenOf } from '../capture-link';
import { CollectorDownloadFlow } from './CollectorDownloadFlow';

/**
 * /dpackcapture?CaptureRequestToken=…: the capture link of a dpack-capture registration. Nobody signs in:
 * the token authorises the DpackCapture variants of insert, readiness poll and download.
 */
export function CaptureCollectorPage({ captureRequestToken }: { captureRequestToken: string }) {
  const { _: t } = useLingui();
  const title = t('collectors.capture.title');
  return (
    <main id="main" className="app-main" tabIndex={-1}>
      <title>{t('collectors.capture.documentTitle')}</title>
      <section aria-labelledby="page-title" className="page">
        <h1 id="page-title">{title}</h1>
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

/** The route's component: the token from the capture link's query string. */
export function CaptureCollectorRoute() {
  const searchStr = useLocation({ select: (location) => location.searchStr });
  return <CaptureCollectorPage captureRequestToken={captureTokenOf(searchStr)} />;
}
