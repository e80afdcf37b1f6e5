import { deleteIokitFileMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** DELETE {api}/iokit/DeleteIokit?fileId&filename: removes a file saved to storage (storage protection). */
export const useDeleteIokitFile = () =>
  useMutation({ ...deleteIokitFileMutation(), meta: { silentError: true } });
