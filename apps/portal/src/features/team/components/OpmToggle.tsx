import { Spinner } from '@assessment/ui/progress';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { useSetTeamOpmEnabled } from '../api/set-team-opm-enabled';

/**
 * The team-level OPM option (spec part 4): a team admin toggles it (POST /api/team/edit/{isOpmEnabled}/{teamId});
 * a spinner shows while the call is pending; on StatusCode 200 the checkbox flips and the status text updates;
 * otherwise, or on request failure, a generic message shows and the checkbox keeps its state (unchecked when
 * enabling failed). Others see the state read-only.
 */
export function OpmToggle({
  teamId,
  enabled,
  canEdit,
}: {
  teamId: number;
  enabled: boolean;
  canEdit: boolean;
}) {
  const { _: t } = useLingui();
  const id = useId();
  const setOpm = useSetTeamOpmEnabled();
  const [shown, setShown] = useState<{ server: boolean; value: boolean }>({
    server: enabled,
    value: enabled,
  });
  const [failed, setFailed] = useState(false);
  // A new server value (after a refetch) wins over the one shown.
  const value = shown.server === enabled ? shown.value : enabled;

  const change = (next: boolean) => {
    setFailed(false);
    setOpm.mutate(
      { path: { isOpmEnabled: next, teamId } },
      {
        onSuccess: () => {
          setShown({ server: enabled, value: next });
        },
        onError: () => {
          setFailed(true);
        },
      },
    );
  };

  return (
    <div className="team-opm">
      <p className="checkbox">
        <input
          type="checkbox"
          id={id}
          checked={value}
          disabled={!canEdit || setOpm.isPending}
          aria-describedby={`${id}-status`}
          onChange={(event) => {
            change(event.target.checked);
          }}
        />
        <label htmlFor={id}>{t('team.opm')}</label>:{' '}
        <span id={`${id}-status`} data-testid="opm-status">
          {value ? t('team.enabled') : t('team.disabled')}
        </span>
        {setOpm.isPending && <Spinner label={t('team.opmSaving')} size="small" />}
      </p>
      {!canEdit && <p className="hint">{t('team.opmReadOnly')}</p>}
      <p role="alert" className="error">
        {failed ? t('team.opmError') : ''}
      </p>
    </div>
  );
}
