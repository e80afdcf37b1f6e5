/**
 * Session timing (spec parts 4 and 9). The session start time lives in localStorage and is refreshed on user
 * activity; every 30 s the elapsed time is checked and at the limit (1 h, or the `timer` query parameter) the
 * user is logged out as inactive. Pages whose URL contains one of the exempt words are not timed. Because the
 * start time is shared through localStorage, activity in one tab keeps every tab alive, and a logout in one
 * tab is broadcast to the others through a storage event.
 *
 * The module is pure: clock, timers, storage and URL are injected so tests run on fake timers.
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_LIMIT_MS = 3_600_000;
export const SESSION_EXEMPT_WORDS = [
  'login',
  'register',
  'forgotpassword',
  'resetpassword',
  'dpackf',
  'dpackproject',
] as const;
/** localStorage key of the session start time (epoch ms). */
export const SESSION_START_KEY = 'assessment.sessionStart';
/** localStorage key written on logout so the other tabs follow. */
export const SESSION_LOGOUT_KEY = 'assessment.sessionLogout';
/** The query parameter that overrides the inactivity limit (milliseconds). */
export const SESSION_TIMER_PARAM = 'timer';
/** DOM events that count as activity. */
export const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart', 'pointermove'] as const;

export type LogoutReason = 'inactive' | 'forced' | 'other-tab';

/** True when the URL contains one of the exempt words (case-insensitive). */
export function isSessionExempt(url: string): boolean {
  const lower = url.toLowerCase();
  return SESSION_EXEMPT_WORDS.some((word) => lower.includes(word));
}

/** The inactivity limit: the `timer` query parameter when it is a positive number of ms, else 1 h. */
export function sessionLimitFrom(search: string): number {
  const raw = new URLSearchParams(search).get(SESSION_TIMER_PARAM);
  if (raw === null || raw.trim() === '') return SESSION_LIMIT_MS;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : SESSION_LIMIT_MS;
}

export interface SessionEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  /** The current URL (pathname + search), used for the exemption and the `timer` override. */
  currentUrl: () => { pathname: string; search: string };
  /** Registers a listener; returns its remover. */
  listen: <K extends keyof WindowEventMap>(type: K, fn: (event: WindowEventMap[K]) => void) => () => void;
}

export interface SessionMonitor {
  /** Records activity now (also called on every DOM activity event). */
  touch(): void;
  /** Runs one check; exported for tests and for the 30 s interval. */
  check(): void;
  /** Ends the session everywhere: clears the start time and tells the other tabs. */
  broadcastLogout(): void;
  stop(): void;
}

export function startSessionMonitor(
  env: SessionEnvironment,
  onLogout: (reason: LogoutReason) => void,
): SessionMonitor {
  let stopped = false;
  let limitMs = sessionLimitFrom(env.currentUrl().search);

  const touch = () => {
    if (stopped) return;
    env.storage.setItem(SESSION_START_KEY, String(env.now()));
  };

  const end = (reason: LogoutReason) => {
    if (stopped) return;
    stop();
    onLogout(reason);
  };

  const check = () => {
    if (stopped) return;
    const { pathname, search } = env.currentUrl();
    if (isSessionExempt(`${pathname}${search}`)) return;
    // A `timer` parameter on any visited page keeps overriding the limit for the rest of the session.
    if (new URLSearchParams(search).has(SESSION_TIMER_PARAM)) limitMs = sessionLimitFrom(search);
    const started = Number(env.storage.getItem(SESSION_START_KEY));
    if (!Number.isFinite(started) || started <= 0) {
      touch();
      return;
    }
    if (env.now() - started >= limitMs) {
      broadcastLogout();
      end('inactive');
    }
  };

  const broadcastLogout = () => {
    env.storage.removeItem(SESSION_START_KEY);
    env.storage.setItem(SESSION_LOGOUT_KEY, String(env.now()));
  };

  touch();
  const handle = env.setInterval(check, SESSION_CHECK_INTERVAL_MS);
  const removers = ACTIVITY_EVENTS.map((type) => env.listen(type, touch));
  removers.push(
    env.listen('storage', (event) => {
      if (event.key === SESSION_LOGOUT_KEY && event.newValue !== null) end('other-tab');
    }),
  );

  function stop() {
    if (stopped) return;
    stopped = true;
    env.clearInterval(handle);
    for (const remove of removers) remove();
  }

  return { touch, check, broadcastLogout, stop };
}

/** The browser environment. */
export function browserSessionEnvironment(): SessionEnvironment {
  return {
    storage: window.localStorage,
    now: () => Date.now(),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (handle) => {
      window.clearInterval(handle as number);
    },
    currentUrl: () => ({ pathname: window.location.pathname, search: window.location.search }),
    listen: (type, fn) => {
      const listener = fn as EventListener;
      window.addEventListener(type, listener, { passive: true });
      return () => {
        window.removeEventListener(type, listener);
      };
    },
  };
}
