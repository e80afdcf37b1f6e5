import * as z from 'zod/mini';
import { optionalText } from '@/lib/search/search-schemas';

/**
 * The capture link's search params: /dpackcapture/collector?CaptureRequestToken=… (named as the contract's
 * DpackCaptureCollectorRequest field). A link without a token shows that it is not valid.
 */
export const captureLinkSearch = z.object({ CaptureRequestToken: optionalText });
export type CaptureLinkSearch = z.infer<typeof captureLinkSearch>;

/** The path of the capture link page. */
export const CAPTURE_LINK_PATH = '/dpackcapture/collector';
