import { messageKeyOf } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { TextField } from '@/components/form';
import { messageQuery } from '@/features/errors';
import { ResendConfirmation } from '@/features/auth';
import { LanguageButton } from '@/features/layout';
import { reportError } from '@/lib/errors/error-bus';
import { textOr, type TextId } from '@/lib/i18n/i18n';
import { useConfirmRegistration } from '../api/confirm';

/** The refusals that end the link (the server's text for each, in the person's language): the form goes. */
const REFUSALS = ['register_confirm_invalid', 'register_confirm_used', 'register_confirm_expired'] as const;
type Refusal = (typeof REFUSALS)[number];
const isRefusal = (key: string | undefined): key is Refusal =>
  key !== undefined && (REFUSALS as readonly string[]).includes(key);

/** A wrong password: the link still works (up to the server's attempt limit), the form stays with what was typed. */
const WRONG_PASSWORD = 'register_confirm_wrong_password';
/** The refusals of joining a company that appeared on the domain since registering (the registration is dropped). */
const JOIN_REFUSALS = [
  'register_contact_oem',
  'register_contact_not_partner',
  'register_contact_not_found',
] as const;
type JoinRefusal = (typeof JOIN_REFUSALS)[number];
const isJoinRefusal = (key: string | undefined): key is JoinRefusal =>
  key !== undefined && (JOIN_REFUSALS as readonly string[]).includes(key);
type ShownKey = Refusal | typeof WRONG_PASSWORD | JoinRefusal;

// The schema's messages are text ids, shown in the user's language by the field.
const confirmSchema = z.object({
  password: z.string().check(z.minLength(1, 'login.passwordRequired' satisfies TextId)),
});
type ConfirmValues = z.infer<typeof confirmSchema>;

/** The server's title and text of a refusal, inline (GET /api/message/{key}). */
function RefusalText({ refusal }: { refusal: ShownKey }) {
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
 * /register/confirm?token=: follows the link of a confirmation mail (issue #32). The person proves they registered
 * by typing the password chosen then (whoever merely owns the address cannot activate an account someone else
 * registered for it); the page says that someone who did not register should ignore the mail. A wrong password is
 * said inline and the typed password stays; an unknown, used or expired link (or one spent by wrong passwords) says
 * so and offers a new link for an email typed here. A page without a well-formed token is an unknown link.
 */
export function ConfirmPage({ token }: { token: string | undefined }) {
  const { _: t } = useLingui();
  const headingId = useId();
  const confirm = useConfirmRegistration();
  const [confirmed, setConfirmed] = useState<{ email: string; joined: boolean } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | JoinRefusal | null>(
    token === undefined ? 'register_confirm_invalid' : null,
  );
  const [email, setEmail] = useState('');
  const { control, handleSubmit } = useForm<ConfirmValues>({
    resolver: zodResolver(confirmSchema),
    defaultValues: { password: '' },
  });
  const wrongPassword = messageKeyOf(confirm.error) === WRONG_PASSWORD;

  const onSubmit = handleSubmit((values) => {
    if (token === undefined) return;
    confirm.mutate(
      { body: { Token: token, Password: values.password } },
      {
        onSuccess: (envelope) => {
          setConfirmed({ email: envelope.Data.Email, joined: envelope.Data.JoinedExistingCompany });
        },
        onError: (error) => {
          const key = messageKeyOf(error);
          if (key === WRONG_PASSWORD) return;
          if (isRefusal(key) || isJoinRefusal(key)) setRefusal(key);
          else reportError(error);
        },
      },
    );
  });

  return (
    <main id="main" className="login-page">
      <section className="login-card register-card" aria-labelledby={headingId}>
        <h1 id={headingId}>{t('register.confirm.title')}</h1>
        <LanguageButton />
        {confirmed !== null ? (
          <div className="stack">
            <p role="status">{t('register.confirm.done', { email: confirmed.email })}</p>
            {confirmed.joined && <p>{t('register.confirm.joined')}</p>}
            <a href={`/auth/login`}>{t('register.signIn')}</a>
          </div>
        ) : refusal !== null ? (
          <div className="stack">
            <RefusalText refusal={refusal} />
            {refusal === 'register_confirm_used' ? (
              <a href="/auth/login">{t('register.signIn')}</a>
            ) : isRefusal(refusal) ? (
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
            ) : (
              <a href="/register/user-register">{t('login.register')}</a>
            )}
          </div>
        ) : (
          <div className="stack">
            <p>{t('register.confirm.intro')}</p>
            {wrongPassword && <RefusalText refusal={WRONG_PASSWORD} />}
            <form noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
              <Controller
                control={control}
                name="password"
                render={({ field, fieldState }) => (
                  <TextField
                    label={t('register.password')}
                    type="password"
                    autoComplete="current-password"
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    isRequired
                    showHint={false}
                    isInvalid={fieldState.invalid}
                    errorMessage={
                      fieldState.error?.message
                        ? textOr(fieldState.error.message, fieldState.error.message)
                        : undefined
                    }
                  />
                )}
              />
              <Button type="submit" isDisabled={confirm.isPending} aria-busy={confirm.isPending}>
                {confirm.isPending ? t('register.confirm.working') : t('register.confirm.submit')}
              </Button>
            </form>
            <p>{t('register.confirm.notYou')}</p>
          </div>
        )}
      </section>
    </main>
  );
}
