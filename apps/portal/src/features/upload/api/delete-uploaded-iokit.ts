import { deleteUploadedIokitMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** DELETE {api}/api/iokit/{fileId}: removes an uploaded iokit file (server upload type) from the server. */
export const useDeleteUploadedIokit = () =>
  useMutation({ ...deleteUploadedIokitMutation(), meta: { silentError: true } });
