import { createFileRoute, redirect } from '@tanstack/react-router';
import { SessionGuard, useViewer } from '@/features/auth';
import { PagePending, RouteError } from '@/features/errors';
import { AppLayout } from '@/features/layout';
import { ModalHosts } from '@/features/modals';
import { ReportsButton } from '@/features/reports';
import { ProjectViewerPage, projectViewerQuery } from '@/features/projects';
import {
  GridNotice,
  LazySizingPanel,
  LazyVmLayers,
  NodeList,
  SizingAnswer,
  ViewerPerformance,
  ViewerSections,
  isRevealed,
  useSizing,
  useStagedReveal,
  type SizingChoice,
  type TimeRange,
} from '@/features/viewer';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { idParams } from '@/lib/search/search-schemas';
import { viewerSearch } from '@/lib/search/sizing-search';
import { ensureQueryData } from '@/lib/query/ensure';

/**
 * /dpackviewer/{projectId}: outside the signed-in layout because a published project's public URL opens it for
 * an anonymous visitor (isPublic), read-only and without session timing. Anything else an anonymous visitor
 * cannot load sends them to sign in. Both show the Reports button (a published project's reports are open to all).
 */
export const Route = createFileRoute('/dpackviewer/$projectId')({
  params: idParams('projectId'),
  // The viewer's time range (Unix seconds) and sizing settings: a reload or a link keeps them.
  validateSearch: viewerSearch,
  loader: async ({ context, params, location }) => {
    try {
      return await ensureQueryData(context.queryClient, projectViewerQuery(params.projectId));
    } catch (error) {
      if (context.viewer.isPublic)
        redirect({ to: '/auth/login', search: { ReturnUrl: location.href }, replace: true, throw: true });
      throw error;
    }
  },
  head: () => ({ meta: [{ title: 'Project viewer – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProjectViewerRoute,
});

/**
 * The sizing answer, the performance section, the node list, a vSphere project's clusters and VMs and the sizing
 * inside the project viewer page (below its title and actions: the page's h1 comes first).
 */
function ViewerContent({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const { data } = useSuspenseQuery(projectViewerQuery(projectId));
  const { from, to, basis, headroom, growth, horizon, cluster } = Route.useSearch();
  const navigate = Route.useNavigate();
  const range = useMemo(() => ({ from, to }), [from, to]);
  // The sizing for the settings in force: its answer on the first screen and its IOPS on the total IOPS chart (the
  // panel below reads the same answer).
  const sizing = useSizing(projectId, { basis, headroom, growth, horizon });
  // The parts below the first screen come one paint after another (the first layout is the first screen's).
  const revealed = useStagedReveal();
  const iops = sizing.sizing.data?.Totals.find((f) => f.Resource === 'iops');
  const sizingBasis = sizing.sizing.data?.Settings.Basis;
  const sizingIops = useMemo(
    () => (iops && sizingBasis ? { basis: sizingBasis, value: iops.Basis, required: iops.Required } : null),
    [iops, sizingBasis],
  );
  const setRange = useCallback(
    (next: TimeRange) => {
      void navigate({
        search: (prev) => ({ ...prev, from: next.from, to: next.to }),
        replace: true,
        resetScroll: false,
      });
    },
    [navigate],
  );
  const setCluster = useCallback(
    (next: string | undefined) => {
      void navigate({ search: (prev) => ({ ...prev, cluster: next }), replace: true, resetScroll: false });
    },
    [navigate],
  );
  const setSizing = useCallback(
    (next: SizingChoice) => {
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
    },
    [navigate],
  );
  return (
    <>
      <ViewerSections />
      {/* "How big" first: the sizing panel's answer, its own pending and error states (the page does not wait). */}
      <SizingAnswer sizing={sizing} />
      <GridNotice projectId={projectId} canEdit={!readOnly && data.CanEdit} />
      {/* The charts and headline figures are the URL's cluster's total when one is chosen below. */}
      <ViewerPerformance
        projectId={projectId}
        nodes={data.Nodes}
        range={range}
        onRangeChange={setRange}
        cluster={cluster}
        sizingIops={sizingIops}
        revealed={revealed}
      />
      {/* The node list, the clusters and VMs and the sizing panel's slot with the last stage: before it the page ends
          near the first screen, and the lazy parts below would take it for near the screen and load at once. */}
      {isRevealed('nodes', revealed) && (
        <>
          <NodeList projectId={projectId} nodes={data.Nodes} canEdit={!readOnly && data.CanEdit} />
          {/* A vSphere project's clusters and VMs (nothing for other projects), filtered by the URL's cluster. */}
          <LazyVmLayers
            projectId={projectId}
            nodes={data.Nodes}
            range={range}
            cluster={cluster}
            onClusterChange={setCluster}
          />
          {/* The section navigation's Sizing moves here (the panel loads as it comes near the screen). */}
          <div id="viewer-sizing">
            <LazySizingPanel
              projectId={projectId}
              canEdit={!readOnly && data.CanEdit}
              search={{ basis, headroom, growth, horizon }}
              onChange={setSizing}
            />
          </div>
        </>
      )}
    </>
  );
}

/** The Reports action, with the project's other actions: a published project's reports are open to its anonymous
 * visitors too (read back by this browser only). */
function ViewerReports({ projectId }: { projectId: number }) {
  const { data } = useSuspenseQuery(projectViewerQuery(projectId));
  return <ReportsButton projectId={projectId} projectName={data.Project.Name} />;
}

function ProjectViewerRoute() {
  const { projectId } = Route.useParams();
  const viewer = useViewer();
  if (viewer.isPublic)
    return (
      <main id="main" className="app-main" tabIndex={-1}>
        <ProjectViewerPage projectId={projectId} actions={<ViewerReports projectId={projectId} />}>
          <ViewerContent projectId={projectId} readOnly />
        </ProjectViewerPage>
      </main>
    );
  return (
    <AppLayout>
      <SessionGuard />
      <ProjectViewerPage projectId={projectId} actions={<ViewerReports projectId={projectId} />}>
        <ViewerContent projectId={projectId} readOnly={false} />
      </ProjectViewerPage>
      <ModalHosts />
    </AppLayout>
  );
}
