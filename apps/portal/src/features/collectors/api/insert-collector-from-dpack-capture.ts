import { insertCollectorFromDpackCaptureMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** POST /collector/InsertFromDpackCapture with the CaptureRequestToken (no session): Data.Id. */
export const useInsertCollectorFromDpackCapture = () =>
  useMutation({ ...insertCollectorFromDpackCaptureMutation(), meta: { silentError: true } });
