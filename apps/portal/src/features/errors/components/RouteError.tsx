import { Button } from '@assessment/ui/button';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { describeError } from '@/lib/errors/describe-error';
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

/** errorComponent of every route: the catalogue's text for the failure, inline, with a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { _: t } = useLingui();
  const router = useRouter();
  const description = describeError(error, { isUploadOperation });
  return (
    <section className="route-error" role="alert" aria-labelledby="route-error-heading">
      <h1 id="route-error-heading">{t('errors.pageTitle')}</h1>
      {description.kind === 'text' && <p>{description.text}</p>}
      {description.kind === 'message' && <ServerText messageKey={description.key} />}
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
