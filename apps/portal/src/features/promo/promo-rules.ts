import type { LogoStatus } from '@assessment/sdk';
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES, LOGO_MAX_KB } from '@assessment/ui/constants';

export { LOGO_EXTENSIONS, LOGO_MAX_BYTES, LOGO_MAX_KB };

/** The logo status is polled every 5 s after an upload until it is ready or failed (spec parts 4 and 9). */
export const LOGO_POLL_MS = 5000;

/** Why a chosen logo is refused before it is sent (spec part 5): its type, or its size. */
export type LogoFileError = 'type' | 'size';

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** jpg, jpeg, png or gif only; at most 1024 KB. The type is checked first. */
export function logoFileError(file: Pick<File, 'name' | 'size'>): LogoFileError | null {
  if (!LOGO_EXTENSIONS.includes(extensionOf(file.name))) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

/** Polls while the logo is processing; stops once it is ready, failed or absent. */
export function logoPollInterval(status: LogoStatus | undefined): number | false {
  return status === 'Processing' ? LOGO_POLL_MS : false;
}

/** Who may change a promo site (the server refuses everyone else): team admins and internal staff. */
export const mayEditPromoSites = (user: { isAdmin: boolean; isInternal: boolean } | null): boolean =>
  user !== null && (user.isAdmin || user.isInternal);
