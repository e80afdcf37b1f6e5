export { TermsModal, type TermsModalProps } from './components/TermsModal';
export { AFTER_TERMS_URL, PARTNER_TERMS_URL, termsAfterAccept } from './terms-flow';
export { PartnerTermsPage } from './components/PartnerTermsPage';
export { LazyTermsModal } from './components/LazyTermsModal';
