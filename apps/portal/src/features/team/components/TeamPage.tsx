import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { teamQuery } from '../api/get-team';
import { MembersTable } from './MembersTable';

/** /team/edit/{id}: team settings with the OPM option (the toggle arrives with the team feature). */
export function TeamPage({ teamId }: { teamId: number }) {
  const { _: t } = useLingui();
  const { data } = useSuspenseQuery(teamQuery(teamId));
  const enabled = data.Team.IsOpmEnabled;
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">
        {t('team.title')}: {data.Team.Name}
      </h1>
      <p className="checkbox">
        <input type="checkbox" id="opm" checked={enabled} disabled readOnly />
        <label htmlFor="opm">{t('team.opm')}</label>:{' '}
        <span data-testid="opm-status">{enabled ? t('team.enabled') : t('team.disabled')}</span>
      </p>
      <h2>{t('team.members')}</h2>
      <MembersTable members={data.Members} label={t('team.members')} />
    </section>
  );
}
