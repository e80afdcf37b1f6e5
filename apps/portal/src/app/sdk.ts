import { configureSdk } from '@assessment/sdk';
import { validators } from '@assessment/sdk/validators';
import type { QueryClient } from '@tanstack/react-query';
import { endSession, viewerFromCache } from '@/features/auth';

/**
 * The SDK runs against the page's own origin (the demo serves the portal and the API together); the upload and
 * support services are mounted below it. Requests and responses are validated against the contract. A response with `X-Logged-Out: 1` ends a signed-in session (spec part 4).
 */
export function setUpSdk(queryClient: QueryClient): void {
  const origin = window.location.origin;
  configureSdk({
    baseUrl: origin,
    uploadBaseUrl: `${origin}/upload-service`,
    ticketBaseUrl: `${origin}/support-service`,
    credentials: 'same-origin',
    // Every call is checked against the contract (each operation's validators load with its first call).
    validate: true,
    validators,
    onLoggedOut: () => {
      const viewer = viewerFromCache(queryClient);
      if (viewer && !viewer.isPublic) void endSession(queryClient, 'forced');
    },
  });
}
