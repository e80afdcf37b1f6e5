// A registration's password judged by the policy (store/password-policy.ts): refused with register_password_weak,
// ErrorState.Reason saying why and Message its text in the caller's culture (issue #39).
import type { FastifyRequest } from 'fastify';
import { ApiFailure } from '../http/envelope.ts';
import { messageIn } from '../message-cultures/index.ts';
import { passwordProblem, type PasswordOwner } from '../store/password-policy.ts';
import { fail, textCulture } from './context.ts';

/** Throws the refusal of a password too easy to guess for `owner`; returns when it may be used. */
export function refuseWeakPassword(request: FastifyRequest, password: string, owner: PasswordOwner): void {
  const reason = passwordProblem(password, owner);
  if (reason === null) return;
  const { status } = fail(request, [400], 'register_password_weak');
  throw new ApiFailure(
    status,
    'register_password_weak',
    messageIn(textCulture(request), reason).message,
    null,
    reason,
  );
}
