import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useViewer } from '@/features/auth';
import { LazyCollectorDownloadDialog } from '@/features/collectors';
import { LazyCountryModal } from '@/features/profile';
import { LazyTermsModal as TermsModal } from '@/features/terms';
import { isClientPageModal } from '@/lib/modals/client-modals';
import { isTermsModal, urlWithoutModalParams, type PageLoadModal } from '@/lib/modals/modal-registry';
import { closeModal, useOpenModal } from '../hooks/modal-store';

/** Dialog code (React Aria, DOMPurify) loads when a modal opens, not with every page. */
const ServerModal = lazy(() => import('./ServerModal').then((module) => ({ default: module.ServerModal })));

interface PageModal {
  name: PageLoadModal;
  size: string | undefined;
}

/**
 * The modals of signed-in pages: the one named by the `modal` query parameter (with `modalsize`; `modal-clear`
 * takes the parameters out of the URL at once so a reload does not reopen it; CollectorInfo is the portal's own
 * collector download dialog, the others load from /modal/{name}), the terms the viewer still has
 * to accept, the Country modal for an account without a country (after the terms; "Not now" postpones it to the
 * next page load), and the action modal opened through openModal().
 */
export function ModalHosts() {
  const search = useSearch({ strict: false });
  const navigate = useNavigate();
  const viewer = useViewer();
  const action = useOpenModal();
  const [pageModal, setPageModal] = useState<PageModal | null>(null);
  const [countryPostponed, setCountryPostponed] = useState(false);
  const requested = search.modal;
  const size = search.modalsize;
  const clear = search['modal-clear'] === true;

  // A new `modal` parameter opens its modal (derived state: set while rendering, not in an effect).
  const requestKey = requested === undefined ? undefined : `${requested}|${size ?? ''}`;
  const [seenKey, setSeenKey] = useState<string | undefined>(undefined);
  if (requestKey !== seenKey) {
    setSeenKey(requestKey);
    if (requested !== undefined) setPageModal({ name: requested, size });
  }

  useEffect(() => {
    if (requested !== undefined && clear) void navigate({ href: urlWithoutModalParams(), replace: true });
  }, [requested, clear, navigate]);

  const closePageModal = () => {
    setPageModal(null);
    if (requested !== undefined) {
      void navigate({ href: urlWithoutModalParams(), replace: true });
    }
  };

  const pending = viewer.pendingTerms ?? undefined;
  const terms = pageModal && isTermsModal(pageModal.name) ? pageModal.name : pending;
  return (
    <Suspense fallback={null}>
      {terms !== undefined ? (
        <TermsModal
          kind={terms}
          size={pageModal?.size}
          onDone={() => {
            setPageModal(null);
          }}
        />
      ) : pageModal && isClientPageModal(pageModal.name) ? (
        <LazyCollectorDownloadDialog size={pageModal.size} onClose={closePageModal} />
      ) : pageModal ? (
        <ServerModal name={pageModal.name} size={pageModal.size} onClose={closePageModal} />
      ) : (
        viewer.user?.countryId === null &&
        !countryPostponed && (
          <LazyCountryModal
            onClose={() => {
              setCountryPostponed(true);
            }}
          />
        )
      )}
      {action && (
        <ServerModal name={action.name} query={action.query} size={action.size} onClose={closeModal} />
      )}
    </Suspense>
  );
}
