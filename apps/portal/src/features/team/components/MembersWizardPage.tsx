import { InfoBar } from '@assessment/ui/info-bar';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { teamQuery } from '../api/get-team';
import { MembersTable } from './MembersTable';

/** /wizard/members?verified=true: the members wizard's list of the viewer's team (read-only for now). */
export function MembersWizardPage({ teamId, verified }: { teamId: number | null; verified: boolean }) {
  const { _: t } = useLingui();
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('wizard.membersTitle')}</h1>
      {verified && (
        <InfoBar role="status" label={t('wizard.verified')} dismissLabel={t('errors.close')}>
          {t('wizard.verified')}
        </InfoBar>
      )}
      {teamId === null ? <p>{t('wizard.noTeam')}</p> : <TeamMembers teamId={teamId} />}
    </section>
  );
}

function TeamMembers({ teamId }: { teamId: number }) {
  const { _: t } = useLingui();
  const { data } = useSuspenseQuery(teamQuery(teamId));
  return <MembersTable members={data.Members} label={t('wizard.membersTitle')} />;
}
