import type { TeamMember } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { InfoBar } from '@assessment/ui/info-bar';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WorkingButton } from '@/components/WorkingButton';
import { teamQuery } from '../api/get-team';
import { useVerifyWizardEmployees } from '../api/verify-wizard-employees';
import { MembersTable } from './MembersTable';
import './team.css';

/**
 * /wizard/members: the members wizard walks verify (tick the unverified employees, POST /Wizard/VerifyEmployees)
 * → confirm. It says "verified" only after a verification really happened in this visit: `?verified=true` in the
 * URL (which the wizard sets afterwards) is not enough on its own.
 */
export function MembersWizardPage({
  teamId,
  onVerified,
}: {
  teamId: number | null;
  /** Called after a successful verification (the route records ?verified=true). */
  onVerified?: () => void;
}) {
  const { _: t } = useLingui();
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('wizard.membersTitle')}</h1>
      {teamId === null ? (
        <p>{t('wizard.noTeam')}</p>
      ) : (
        <Wizard teamId={teamId} {...(onVerified ? { onVerified } : {})} />
      )}
    </section>
  );
}

function Wizard({ teamId, onVerified }: { teamId: number; onVerified?: () => void }) {
  const { _: t } = useLingui();
  const { data } = useSuspenseQuery(teamQuery(teamId));
  const verify = useVerifyWizardEmployees();
  const [step, setStep] = useState<'verify' | 'confirm'>('verify');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [verifiedCount, setVerifiedCount] = useState(0);
  const unverified = data.Members.filter((member) => !member.Verified);

  const toggle = (member: TeamMember, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(member.UserId);
    else next.delete(member.UserId);
    setChosen(next);
  };

  if (step === 'confirm')
    return (
      <>
        <h2>{t('wizard.stepConfirm')}</h2>
        <InfoBar role="status" label={t('wizard.verified')} dismissLabel={t('errors.close')}>
          {t('wizard.verifiedCount', { count: verifiedCount })}
        </InfoBar>
        <MembersTable members={data.Members} label={t('wizard.membersTitle')} />
        <p>
          <Button
            variant="secondary"
            onPress={() => {
              setChosen(new Set());
              setStep('verify');
            }}
          >
            {t('wizard.verifyMore')}
          </Button>
        </p>
      </>
    );

  return (
    <>
      <h2>{t('wizard.stepVerify')}</h2>
      {!data.CanEdit ? (
        <p>{t('wizard.notAdmin')}</p>
      ) : unverified.length === 0 ? (
        <p>{t('wizard.nothingToVerify')}</p>
      ) : (
        <form
          className="team-wizard"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen.size === 0) return;
            verify.mutate(
              { body: { TeamId: teamId, UserIds: [...chosen] } },
              {
                onSuccess: () => {
                  setVerifiedCount(chosen.size);
                  setStep('confirm');
                  onVerified?.();
                },
              },
            );
          }}
        >
          <fieldset>
            <legend>{t('wizard.chooseMembers')}</legend>
            {unverified.map((member) => (
              <p className="checkbox" key={member.UserId}>
                <input
                  type="checkbox"
                  id={`wizard-member-${String(member.UserId)}`}
                  checked={chosen.has(member.UserId)}
                  onChange={(event) => {
                    toggle(member, event.target.checked);
                  }}
                />
                <label htmlFor={`wizard-member-${String(member.UserId)}`}>
                  {member.FirstName} {member.LastName} ({member.Email})
                </label>
              </p>
            ))}
          </fieldset>
          <WorkingButton type="submit" working={verify.isPending} isDisabled={chosen.size === 0}>
            {t('wizard.verifyChosen')}
          </WorkingButton>
        </form>
      )}
      <h2>{t('wizard.membersTitle')}</h2>
      <MembersTable members={data.Members} label={t('wizard.membersTitle')} />
    </>
  );
}
