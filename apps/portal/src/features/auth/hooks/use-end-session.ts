import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { endSession, type EndReason } from './end-session';

export function useEndSession() {
  const queryClient = useQueryClient();
  return useCallback((reason: EndReason) => endSession(queryClient, reason), [queryClient]);
}
