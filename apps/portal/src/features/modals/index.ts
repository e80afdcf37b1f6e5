export { modalQuery } from './api/get-modal';
export { ModalHosts } from './components/ModalHosts';
export { ServerModal, type ServerModalProps } from './components/ServerModal';
export { closeModal, openModal, useOpenModal, type OpenModal } from './hooks/modal-store';
