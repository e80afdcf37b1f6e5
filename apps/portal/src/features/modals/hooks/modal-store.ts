import { useSyncExternalStore } from 'react';
import type { ModalQuery } from '../api/get-modal';
import type { ActionModal } from '@/lib/modals/modal-registry';

/** The action modal currently open (at most one), kept outside React so any component or handler can open one. */
export interface OpenModal {
  name: ActionModal;
  query?: ModalQuery;
  size?: string;
}

let current: OpenModal | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function openModal(modal: OpenModal): void {
  current = modal;
  emit();
}

export function closeModal(): void {
  current = null;
  emit();
}

export function useOpenModal(): OpenModal | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => current,
    () => null,
  );
}
