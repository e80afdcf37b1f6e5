import { checkCaptureEmailOptions } from '@assessment/sdk/query';

/** GET /api/capture/check?email=: the dpack-capture form's stage-one lookup. */
export const captureCheckQuery = (email: string) => checkCaptureEmailOptions({ query: { email } });
