import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { browserSessionEnvironment, startSessionMonitor } from '@/lib/session/session-timer';
import { endSession } from '../hooks/end-session';

/** Runs the inactivity timer (spec parts 4 and 9) while a signed-in viewer is on a timed page. */
export function SessionGuard() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const monitor = startSessionMonitor(browserSessionEnvironment(), (reason) => {
      void endSession(queryClient, reason === 'other-tab' ? 'other-tab' : 'inactive');
    });
    return () => {
      monitor.stop();
    };
  }, [queryClient]);
  return null;
}
