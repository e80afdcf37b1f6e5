import { messageKeyOf } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { TextField } from '@/components/form';
import { messageQuery } from '@/features/errors';
import { ResendConfirmation } from '@/features/auth';
import { LanguageButton } from '@/features/layout';
import { reportError } from '@/lib/errors/error-bus';
import { useConfirmRegistration } from '../api/confirm';

/** The refusals the page explains itself (the server's text for each, in the person's language). */
const REFUSALS = ['register_confirm_invalid', 'register_confirm_used', 'register_confirm_expired'] as const;
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (key: string | undefined): key is Refusal =>
  key !== undefined && (REFUSALS as readonly string[]).includes(key);

/** The server's title and text of a refusal, inline (GET /api/message/{key}). */
function RefusalText({ refusal }: { refusal: Refusal }) {
  const { data } = useQuery(messageQuery(refusal));
  if (!data) return null;
  return (
    <div className="banner banner-error" role="alert">
      <p>
        <strong>{data.title}</strong>
      </p>
      <p>{data.message}</p>
    </div>
  );
}

/**
 * /register/confirm?token=: follows the link of a confirmation mail (issue #32). The address is confirmed at once
 * and the page leads to sign-in; an unknown, used or expired link says so and offers a new link for an email typed
 * here. A page without a well-formed token is treated as an unknown link.
 */
export function ConfirmPage({ token }: { token: string | undefined }) {
  const { _: t } = useLingui();
  const headingId = useId();
  const confirm = useConfirmRegistration();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(
    token === undefined ? 'register_confirm_invalid' : null,
  );
  const [email, setEmail] = useState('');
  // Once per token: a link is single-use, so a second call (React's development double effect) would be refused.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (token === undefined || sent.current === token) return;
    sent.current = token;
    confirm.mutate(
      { body: { Token: token } },
      {
        onSuccess: (envelope) => {
          setConfirmed(envelope.Data.Email);
        },
        onError: (error) => {
          const key = messageKeyOf(error);
          if (isRefusal(key)) setRefusal(key);
          else reportError(error);
        },
      },
    );
  }, [token, confirm]);

  return (
    <main id="main" className="login-page">
      <section className="login-card register-card" aria-labelledby={headingId}>
        <h1 id={headingId}>{t('register.confirm.title')}</h1>
        <LanguageButton />
        {confirmed !== null ? (
          <div className="stack">
            <p role="status">{t('register.confirm.done', { email: confirmed })}</p>
            <a href={`/auth/login`}>{t('register.signIn')}</a>
          </div>
        ) : refusal !== null ? (
          <div className="stack">
            <RefusalText refusal={refusal} />
            {refusal === 'register_confirm_used' ? (
              <a href="/auth/login">{t('register.signIn')}</a>
            ) : (
              <>
                <p>{t('register.confirm.askAgain')}</p>
                <TextField
                  label={t('register.email')}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={setEmail}
                />
                <ResendConfirmation email={email} />
              </>
            )}
          </div>
        ) : (
          <p role="status">{t('register.confirm.working')}</p>
        )}
      </section>
    </main>
  );
}
