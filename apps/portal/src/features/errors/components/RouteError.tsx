import { EnvelopeError, HttpError, MessageKey, messageKeyOf } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ERROR_404_TEXT, describeError } from '@/lib/errors/describe-error';
import { messageQuery } from '../api/get-message';
import { isUploadOperation } from './ErrorModalHost';

function ServerText({ messageKey }: { messageKey: string }) {
  const { _: t } = useLingui();
  const query = useQuery(messageQuery(messageKey));
  if (query.isPending) return <p>{t('app.loading')}</p>;
  const title = query.data?.title ?? '';
  const message = query.data?.message ?? '';
  if (!query.data) return <p>{t('errors.generic')}</p>;
  if (!title && !message) return <p>{t('errors.default')}</p>;
  return (
    <>
      {title && <p className="route-error-title">{title}</p>}
      {message && <SafeHtml html={message} />}
    </>
  );
}

export type FailureKind = 'notFound' | 'refused' | 'fault';

/**
 * What failed, for what the page says and offers: a missing object or page (HTTP or envelope 404), a refusal (403,
 * operationnotallowed), or a fault that trying again may cure (5xx, timeouts, anything else).
 */
export function failureKind(error: unknown): FailureKind {
  const status =
    error instanceof HttpError ? error.status : error instanceof EnvelopeError ? error.statusCode : undefined;
  if (status === 404) return 'notFound';
  if (status === 403 || messageKeyOf(error) === MessageKey.OPERATIONNOTALLOWED) return 'refused';
  return 'fault';
}

/**
 * errorComponent of every route: what happened and what to do. A fault shows the catalogue's text with a retry;
 * a missing object or a refusal says so and leads on (trying again would not change the answer).
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { _: t } = useLingui();
  const router = useRouter();
  const kind = failureKind(error);
  if (kind !== 'fault') {
    return (
      <section className="route-error" role="alert" aria-labelledby="route-error-heading">
        <h1 id="route-error-heading">
          {kind === 'notFound' ? t('pageState.notFoundTitle') : t('pageState.refusedTitle')}
        </h1>
        {kind === 'notFound' ? (
          <>
            <p>{ERROR_404_TEXT}</p>
            <p>{t('pageState.notFoundText')}</p>
          </>
        ) : (
          <>
            <p>{t('pageState.refusedText')}</p>
            <p>{t('pageState.refusedHint')}</p>
          </>
        )}
        <p>
          <Link to="/dashboard">{t('pageState.toDashboard')}</Link>
        </p>
      </section>
    );
  }
  const description = describeError(error, { isUploadOperation });
  return (
    <section className="route-error" role="alert" aria-labelledby="route-error-heading">
      <h1 id="route-error-heading">{t('errors.pageTitle')}</h1>
      {description.kind === 'text' && <p>{description.text}</p>}
      {description.kind === 'message' && <ServerText messageKey={description.key} />}
      <p>{t('pageState.faultHint')}</p>
      <Button
        variant="secondary"
        onPress={() => {
          reset();
          void router.invalidate();
        }}
      >
        {t('errors.retry')}
      </Button>
    </section>
  );
}
