/** Owner reassign rules (spec parts 5, 6 and 8). */
import { Role } from '@assessment/sdk';

/** Spec part 8, fixed text (the spec's spelling). */
export const REASSIGN_FAILURE_TEXT = 'There was an error while transfering the project to the new owner';

/** Internal staff: the provider's own roles ({provider}AdminUser, {provider}User). */
export function isInternalStaff(role: Role | null | undefined): boolean {
  return role === Role.DELL_ADMIN_USER || role === Role.DELL_USER;
}

/** The domain of an email address, lower-cased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * Spec part 5: reassigning to internal staff needs an email on the internal company domain; otherwise the
 * reverse rule applies (a non-internal target must not be on it).
 */
export function reassignEmailAllowed(
  email: string,
  internalDomain: string,
  targetInternal: boolean,
): boolean {
  const onInternalDomain = emailDomain(email) === internalDomain.toLowerCase();
  return targetInternal ? onInternalDomain : !onInternalDomain;
}
