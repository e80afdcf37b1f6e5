import { InfoBar } from '@assessment/ui/info-bar';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { resourceStringQuery } from '../api/get-resource-string';
import { isReachable } from '../probe';

/** Re-probe at most every five minutes (and when the window regains focus after that). */
const PROBE_STALE_MS = 5 * 60_000;

/**
 * Tells internal staff off the VPN that internal features need it: probes the configured internal host and, when
 * it is unreachable, shows the server's `dellvpn` resource string (the portal's own text while it loads).
 */
export default function VpnNotice({ probeUrl }: { probeUrl: string }) {
  const { _: t } = useLingui();
  const reachable = useQuery({
    queryKey: ['vpn-probe', probeUrl],
    queryFn: () => isReachable(probeUrl),
    staleTime: PROBE_STALE_MS,
    retry: false,
  });
  const text = useQuery({ ...resourceStringQuery('dellvpn'), enabled: reachable.data === false });
  if (reachable.data !== false) return null;
  return (
    <InfoBar role="status" label={t('vpn.label')} dismissLabel={t('errors.close')}>
      {text.data ? text.data : t('vpn.text')}
    </InfoBar>
  );
}
