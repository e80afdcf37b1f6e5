import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { WorkingButton } from '@/components/WorkingButton';
import { reportError } from '@/lib/errors/error-bus';
import { useResendConfirmation } from '../api/resend-confirmation';

/**
 * "Send the link again" for a registration whose address is not confirmed yet (issue #32): after the call, a status
 * line says a new link is on its way (the server answers alike for any address). Too many asks (429) show the
 * server's message.
 */
export function ResendConfirmation({ email }: { email: string }) {
  const { _: t } = useLingui();
  const resend = useResendConfirmation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div className="stack">
      <WorkingButton
        variant="secondary"
        working={resend.isPending}
        isDisabled={email.trim() === ''}
        onPress={() => {
          const address = email.trim();
          setSentTo(null);
          resend.mutate(
            { body: { Email: address } },
            {
              onSuccess: () => {
                setSentTo(address);
              },
              onError: reportError,
            },
          );
        }}
      >
        {t('login.resend')}
      </WorkingButton>
      <p role="status">{sentTo === null ? '' : t('login.resent', { email: sentTo })}</p>
    </div>
  );
}
