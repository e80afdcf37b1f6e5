import { lazy, Suspense } from 'react';
import type { TermsModalProps } from './TermsModal';

const TermsModal = lazy(() => import('./TermsModal').then((module) => ({ default: module.TermsModal })));

/** The terms modal, loaded when terms are pending (its dialog code stays out of every page's initial JS). */
export function LazyTermsModal(props: TermsModalProps) {
  return (
    <Suspense fallback={null}>
      <TermsModal {...props} />
    </Suspense>
  );
}
