import { Button } from '@assessment/ui/button';
import { Dialog, dialogSizeFromParam, type DialogCloseReason } from '@assessment/ui/dialog';
import { Spinner } from '@assessment/ui/progress';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { useEndSession, useViewer, viewerQuery } from '@/features/auth';
import { ServerMessageModal } from '@/features/errors';
import { MODAL_NOT_ALLOWED_KEY, type TermsModal as TermsKind } from '@/lib/modals/modal-registry';
import { useAcceptTerms, useDeclineTerms } from '../api/accept-terms';
import { termsModalQuery } from '../api/get-terms';
import { termsAfterAccept } from '../terms-flow';

export interface TermsModalProps {
  kind: TermsKind;
  size?: string | undefined;
  onDone?: () => void;
}

/**
 * EULA or partner terms (spec part 4): accept leads to /dashboard, or to the partner terms page when the answer's
 * Message is PartnerTCNeeded; decline logs out; closing the unaccepted modal by clicking outside counts as decline.
 */
export function TermsModal({ kind, size, onDone }: TermsModalProps) {
  const { _: t } = useLingui();
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const endSession = useEndSession();
  const accept = useAcceptTerms();
  const body = useQuery(termsModalQuery(kind));
  const declineTerms = useDeclineTerms();
  const accepted = useRef(false);
  const declining = useRef(false);
  const userId = viewer.user?.id;

  const decline = () => {
    if (accepted.current || declining.current) return;
    declining.current = true;
    const recorded =
      userId === undefined
        ? Promise.resolve()
        : declineTerms.mutateAsync({ path: { userid: userId, accept: false } });
    void recorded.catch(() => undefined).then(() => endSession('declined'));
  };

  const onAccept = () => {
    if (userId === undefined) return;
    accept.mutate(
      { path: { userid: userId, accept: true } },
      {
        onSuccess: (envelope) => {
          accepted.current = true;
          void queryClient.invalidateQueries({ queryKey: viewerQuery().queryKey }).then(() => {
            onDone?.();
            return navigate({ href: termsAfterAccept(envelope.Message), replace: true });
          });
        },
      },
    );
  };

  if (body.isError) return <ServerMessageModal messageKey={MODAL_NOT_ALLOWED_KEY} onClose={decline} />;
  return (
    <Dialog
      isOpen
      title={kind === 'PartnerTCNeeded' ? t('terms.partnerTitle') : t('terms.eulaTitle')}
      size={dialogSizeFromParam(size ?? 'large')}
      isDismissable
      isKeyboardDismissDisabled
      showCloseButton={false}
      onClose={(reason: DialogCloseReason) => {
        // Accept and decline close through their own buttons; an outside click on unaccepted terms declines.
        if (reason === 'outside') decline();
      }}
      footer={
        <>
          <Button
            variant="secondary"
            onPress={decline}
            isDisabled={accept.isPending || declineTerms.isPending}
          >
            {t('terms.decline')}
          </Button>
          <Button onPress={onAccept} isDisabled={accept.isPending || declineTerms.isPending}>
            {t('terms.accept')}
          </Button>
        </>
      }
    >
      {body.isPending ? (
        <Spinner label={t('modal.loading')} />
      ) : (
        <SafeHtml html={body.data} className="terms-body" />
      )}
    </Dialog>
  );
}
