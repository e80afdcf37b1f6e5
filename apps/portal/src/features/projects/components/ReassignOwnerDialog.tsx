import type { ContactCheckResult } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { TextField } from '@/components/form';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { accountCheckQuery } from '../api/check-account';
import { useReassignProjectOwner } from '../api/reassign-project-owner';
import { emailDomain, isInternalStaff, REASSIGN_FAILURE_TEXT, reassignEmailAllowed } from '../reassign-rules';
import { isValidEmail } from '../share-rules';
import { WorkingButton } from '@/components/WorkingButton';

export interface ReassignOwnerDialogProps {
  projectId: number;
  projectName: string;
  /** The signed-in internal staff member's email: its domain is the internal company domain. */
  viewerEmail: string;
  onClose: () => void;
  /** Shows a server message (invalid_email, projectupdated). */
  showMessage: (key: string) => void;
}

type Found = Pick<ContactCheckResult, 'ExistingAccountEmail' | 'ContactFirstName' | 'ContactLastName'> & {
  id: number;
};

/**
 * The ProjectReassign{provider} dialog (internal staff only): email check → existing account found → confirm →
 * transfer. The new owner must be internal staff on the internal company domain.
 */
export function ReassignOwnerDialog({
  projectId,
  projectName,
  viewerEmail,
  onClose,
  showMessage,
}: ReassignOwnerDialogProps) {
  const { _: t } = useLingui();
  const queryClient = useQueryClient();
  const formId = useId();
  const reassign = useReassignProjectOwner();
  const internalDomain = emailDomain(viewerEmail);
  const [email, setEmail] = useState('');
  const [checking, setChecking] = useState(false);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [failed, setFailed] = useState(false);

  const check = async () => {
    setFailed(false);
    const typed = email.trim();
    if (!isValidEmail(typed)) {
      showMessage('invalid_email');
      return;
    }
    if (!reassignEmailAllowed(typed, internalDomain, true)) {
      setRuleError(t('projects.reassign.domainRule', { domain: internalDomain }));
      return;
    }
    setRuleError(null);
    setChecking(true);
    try {
      const result = await queryClient.query({ ...accountCheckQuery(typed), staleTime: 0 });
      if (result.ExistingAccountId === null || !result.EmailAlreadyExists || result.AccountIsInactive) {
        // The owner's own words: dell_reassign_user_doesnt_exist is about a capture account (registration).
        setRuleError(t('projects.reassign.noAccount', { email: typed }));
        return;
      }
      if (!isInternalStaff(result.CurrentRole)) {
        setRuleError(t('projects.reassign.internalOnly'));
        return;
      }
      setFound({
        id: result.ExistingAccountId,
        ExistingAccountEmail: result.ExistingAccountEmail,
        ContactFirstName: result.ContactFirstName,
        ContactLastName: result.ContactLastName,
      });
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  };

  const transfer = () => {
    if (!found) return;
    setFailed(false);
    reassign.mutate(
      { path: { projectId, newOwnerId: found.id } },
      {
        onSuccess: (answer) => {
          onClose();
          showMessage(answer.ResourceKey ?? 'projectupdated');
        },
        onError: () => {
          setFailed(true);
        },
      },
    );
  };

  return (
    <Dialog
      isOpen
      title={t('projects.reassign.title', { name: projectName })}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <>
          {found ? (
            <>
              <WorkingButton working={reassign.isPending} onPress={transfer}>
                {t('projects.reassign.confirm')}
              </WorkingButton>
              <Button
                variant="secondary"
                onPress={() => {
                  setFound(null);
                  setFailed(false);
                }}
              >
                {t('projects.share.previous')}
              </Button>
            </>
          ) : (
            <WorkingButton type="submit" form={formId} working={checking}>
              {t('projects.reassign.check')}
            </WorkingButton>
          )}
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
        </>
      }
    >
      {found ? (
        <div className="stack">
          <p>{t('projects.reassign.found')}</p>
          <p>
            <strong>{[found.ContactFirstName, found.ContactLastName].filter(Boolean).join(' ')}</strong> (
            {found.ExistingAccountEmail})
          </p>
          <p>{t('projects.reassign.confirmText', { name: projectName })}</p>
        </div>
      ) : (
        <form
          id={formId}
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <TextField
            label={t('projects.reassign.email')}
            type="email"
            value={email}
            onChange={(next) => {
              setEmail(next);
              setRuleError(null);
            }}
            description={t('projects.reassign.emailHint', { domain: internalDomain })}
            isInvalid={ruleError !== null}
            errorMessage={ruleError ?? undefined}
            validationBehavior="aria"
          />
        </form>
      )}
      {failed && (
        <p role="alert" className="projects-error">
          {REASSIGN_FAILURE_TEXT}
        </p>
      )}
    </Dialog>
  );
}
