export { uploadSettingsQuery } from './api/get-upload-settings';
export { UploadPage } from './components/UploadPage';
