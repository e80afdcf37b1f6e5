import { getSdkConfig, resetSdkConfig, type Viewer } from '@assessment/sdk';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, viewerQuery } from '@/features/auth';
import { setUpSdk } from './sdk';

vi.mock('@/features/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth')>()),
  endSession: vi.fn(() => Promise.resolve()),
}));

function loggedOutWith(viewer: Partial<Viewer> | undefined) {
  const queryClient = new QueryClient();
  setUpSdk(queryClient); // first: the SDK's query keys carry the configured base URL
  if (viewer) queryClient.setQueryData(viewerQuery().queryKey, viewer as Viewer);
  getSdkConfig().onLoggedOut?.({ operation: 'listProjects', url: '/api/projects' });
  return queryClient;
}

afterEach(() => {
  vi.mocked(endSession).mockClear();
  resetSdkConfig();
});

describe('the logged-out header (spec part 4)', () => {
  it('forces a signed-in (non-public) viewer out', () => {
    const queryClient = loggedOutWith({ isPublic: false });
    expect(endSession).toHaveBeenCalledExactlyOnceWith(queryClient, 'forced');
  });

  it('leaves a public viewer, or a viewer not loaded yet, alone', () => {
    loggedOutWith({ isPublic: true });
    loggedOutWith(undefined);
    expect(endSession).not.toHaveBeenCalled();
  });
});
