import { InfoBar } from '@assessment/ui/info-bar';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { resourceStringQuery } from '../api/get-resource-string';
import { isReachable, rememberedProbe, rememberProbe, VPN_PROBE_STALE_MS } from '../probe';

/** Probes the internal host once per five minutes per tab: a page loaded sooner reuses the tab's last answer. */
async function probe(probeUrl: string): Promise<boolean> {
  const reachable = await isReachable(probeUrl);
  rememberProbe(probeUrl, { reachable, at: Date.now() });
  return reachable;
}

/**
 * Tells internal staff off the VPN that internal features need it: probes the configured internal host and, when
 * it is unreachable, shows the server's `dellvpn` resource string (the portal's own text while it loads).
 */
export default function VpnNotice({ probeUrl }: { probeUrl: string }) {
  const { _: t } = useLingui();
  const remembered = rememberedProbe(probeUrl);
  const reachable = useQuery({
    queryKey: ['vpn-probe', probeUrl],
    queryFn: () => probe(probeUrl),
    staleTime: VPN_PROBE_STALE_MS,
    retry: false,
    ...(remembered ? { initialData: remembered.reachable, initialDataUpdatedAt: remembered.at } : {}),
  });
  const text = useQuery({ ...resourceStringQuery('dellvpn'), enabled: reachable.data === false });
  if (reachable.data !== false) return null;
  return (
    <InfoBar role="status" label={t('vpn.label')} dismissLabel={t('errors.close')}>
      {text.data ? text.data : t('vpn.text')}
    </InfoBar>
  );
}
