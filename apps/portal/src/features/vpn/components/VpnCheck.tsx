import { lazy, Suspense } from 'react';
import { useViewer } from '@/features/auth';

/** The probe and its notice load only for the people who get a probe URL (internal staff, when configured). */
const VpnNotice = lazy(() => import('./VpnNotice'));

/** The VPN check of signed-in pages (spec part 7): nothing at all unless the viewer info carries a probe URL. */
export function VpnCheck() {
  const probeUrl = useViewer().vpnProbeUrl;
  if (probeUrl === undefined) return null;
  return (
    <Suspense fallback={null}>
      <VpnNotice probeUrl={probeUrl} />
    </Suspense>
  );
}
