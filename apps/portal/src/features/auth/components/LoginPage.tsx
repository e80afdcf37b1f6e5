import { EnvelopeError, HttpError, messageKeyOf, type Viewer } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { TextField } from '@/components/form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import * as z from 'zod/mini';
import { LazyServerMessageModal } from '@/features/errors';
import { reportError } from '@/lib/errors/error-bus';
import { textOr, type TextId } from '@/lib/i18n/i18n';
import { safeReturnUrl } from '@/lib/navigation/return-url';
import { SESSION_START_KEY } from '@/lib/session/session-timer';
import { viewerQuery } from '../api/get-viewer';
import { useSignIn } from '../api/sign-in';
import type { LogoutBanner } from '../search';
import { ResendConfirmation } from './ResendConfirmation';

// The logout banner's bar loads only when a banner shows (most visits have none), not with the sign-in page.
const InfoBar = lazy(() => import('@assessment/ui/info-bar').then((module) => ({ default: module.InfoBar })));

export interface LoginPageProps {
  returnUrl: string | undefined;
  logout: LogoutBanner | undefined;
  getmessage: string | undefined;
}

// The schema's messages are text ids, shown in the user's language by the field.
const loginSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'login.emailRequired' satisfies TextId)),
    z.email('login.emailInvalid' satisfies TextId),
  ),
  password: z.string().check(z.minLength(1, 'login.passwordRequired' satisfies TextId)),
});
type LoginValues = z.infer<typeof loginSchema>;

interface LoginFieldProps {
  control: Control<LoginValues>;
  name: keyof LoginValues;
  type: 'email' | 'password';
  autoComplete: string;
}

/** One required login field; its label key is login.<name>, its error is the schema's message key. */
function LoginField({ control, name, type, autoComplete }: LoginFieldProps) {
  const { _: t } = useLingui();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={t(`login.${name}`)}
          type={type}
          autoComplete={autoComplete}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          isRequired
          showHint={false}
          isInvalid={fieldState.invalid}
          errorMessage={
            fieldState.error?.message ? textOr(fieldState.error.message, fieldState.error.message) : undefined
          }
        />
      )}
    />
  );
}

/** Refused credentials get the form's own message; anything else goes to the error modal. */
function isWrongCredentials(error: unknown): boolean {
  return (
    error instanceof EnvelopeError || (error instanceof HttpError && [400, 401, 403].includes(error.status))
  );
}

export function LoginPage({ returnUrl, logout, getmessage }: LoginPageProps) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [messageKey, setMessageKey] = useState(getmessage);
  const { control, handleSubmit, getValues } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  // The form's own message: derived from the last attempt's error (a new attempt clears it). The right password of
  // an account whose address is not confirmed yet (issue #32) has its own message and offers the link again.
  const notConfirmed = messageKeyOf(signIn.error) === 'account_email_not_confirmed';
  const failed = !notConfirmed && isWrongCredentials(signIn.error);

  const onSubmit = handleSubmit(
    (values) => {
      signIn.mutate(
        { body: values },
        {
          onSuccess: (envelope) => {
            const viewer: Viewer = envelope.Data;
            queryClient.setQueryData(viewerQuery().queryKey, viewer);
            window.localStorage.setItem(SESSION_START_KEY, String(Date.now()));
            void navigate({ href: safeReturnUrl(returnUrl), replace: true });
          },
          onError: (error) => {
            if (!isWrongCredentials(error)) reportError(error);
          },
        },
      );
    },
    () => {
      // A new attempt the form refuses (an email-format error) is an attempt too: the last one's "wrong email or
      // password" no longer applies.
      signIn.reset();
    },
  );

  return (
    <main id="main" className="login-page">
      <div className="login-card">
        <h1>{t('login.title')}</h1>
        {logout !== undefined && (
          <div data-testid="logout-banner" className="banner-slot">
            <Suspense fallback={null}>
              <InfoBar role="status" label={t('login.bannerLabel')} dismissLabel={t('errors.close')}>
                {logout === 'inactive' ? t('login.bannerInactive') : t('login.bannerAccountDeletion')}
              </InfoBar>
            </Suspense>
          </div>
        )}
        {failed && (
          <p role="alert" className="banner banner-error">
            {t('login.failed')}
          </p>
        )}
        {notConfirmed && (
          <div className="stack">
            <p role="alert" className="banner banner-error">
              {t('login.notConfirmed')}
            </p>
            <ResendConfirmation email={getValues('email')} />
          </div>
        )}
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
          <LoginField control={control} name="email" type="email" autoComplete="username" />
          <LoginField control={control} name="password" type="password" autoComplete="current-password" />
          {/* isDisabled rather than isPending: React Aria announces a pending button through a live region that
              would keep pointing at this button after sign-in navigates away (axe role-img-alt). */}
          <Button type="submit" isDisabled={signIn.isPending} aria-busy={signIn.isPending}>
            {signIn.isPending ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <p>
          <a href="/register/user-register">{t('login.register')}</a>
        </p>
      </div>
      {messageKey && (
        <LazyServerMessageModal
          messageKey={messageKey}
          onClose={() => {
            setMessageKey(undefined);
          }}
        />
      )}
    </main>
  );
}
