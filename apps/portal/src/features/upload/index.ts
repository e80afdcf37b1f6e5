export { uploadSettingsQuery } from '@/lib/query/upload-settings';
export { UploadPage } from './components/UploadPage';
