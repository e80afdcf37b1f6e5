export { ToastProvider, useToast } from './Toast';
export type { ToastApi, ToastOptions, ToastProviderProps, ToastState, ToastVariant } from './Toast';
