import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { UploadPage, uploadSettingsQuery } from '@/features/upload';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/collectorruns/Upload-Iokit')({
  loader: ({ context }) => ensureQueryData(context.queryClient, uploadSettingsQuery()),
  head: () => ({ meta: [{ title: 'Upload collector files – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: UploadPage,
});
