/** The capture link page: /dpackcapture?CaptureRequestToken=… (the contract's field name). */
export const CAPTURE_LINK_PATH = '/dpackcapture';
export const CAPTURE_TOKEN_PARAM = 'CaptureRequestToken';

/** The token of a capture link's query string (any case of the parameter name); '' when there is none. */
export function captureTokenOf(search: string): string {
  for (const [name, value] of new URLSearchParams(search))
    if (name.toLowerCase() === CAPTURE_TOKEN_PARAM.toLowerCase()) return value.trim();
  return '';
}
