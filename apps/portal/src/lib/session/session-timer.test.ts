import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_CHECK_INTERVAL_MS,
  SESSION_EXEMPT_WORDS,
  SESSION_LIMIT_MS,
  SESSION_LOGOUT_KEY,
  SESSION_START_KEY,
  browserSessionEnvironment,
  isSessionExempt,
  sessionLimitFrom,
  startSessionMonitor,
  type SessionMonitor,
} from './session-timer';

function go(url: string) {
  window.history.replaceState(null, '', url);
}

describe('session constants', () => {
  it('checks every 30 000 ms and logs out after 3 600 000 ms', () => {
    expect(SESSION_CHECK_INTERVAL_MS).toBe(30000);
    expect(SESSION_LIMIT_MS).toBe(3600000);
  });

  it('exempts exactly the six words of the spec', () => {
    expect([...SESSION_EXEMPT_WORDS]).toEqual([
      'login',
      'register',
      'forgotpassword',
      'resetpassword',
      'dpackf',
      'dpackproject',
    ]);
  });
});

describe('isSessionExempt', () => {
  it.each([
    '/auth/login',
    '/account/register',
    '/account/forgotpassword',
    '/account/resetpassword?token=1',
    '/dpackf/abc',
    '/dpackproject/12',
    '/Auth/LOGIN?ReturnUrl=%2Fdashboard',
  ])('%s is exempt', (url) => {
    expect(isSessionExempt(url)).toBe(true);
  });

  it.each(['/dashboard', '/projects', '/dpackviewer/3', '/project/details/1'])('%s is timed', (url) => {
    expect(isSessionExempt(url)).toBe(false);
  });
});

describe('sessionLimitFrom', () => {
  it('uses the timer query parameter when it is a positive number', () => {
    expect(sessionLimitFrom('?timer=5000')).toBe(5000);
    expect(sessionLimitFrom('')).toBe(3600000);
    expect(sessionLimitFrom('?timer=')).toBe(3600000);
    expect(sessionLimitFrom('?timer=abc')).toBe(3600000);
    expect(sessionLimitFrom('?timer=-4')).toBe(3600000);
  });
});

describe('startSessionMonitor', () => {
  let monitor: SessionMonitor | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    go('/dashboard');
  });
  afterEach(() => {
    monitor?.stop();
    vi.useRealTimers();
  });

  it('records the start time on start', () => {
    monitor = startSessionMonitor(browserSessionEnvironment(), vi.fn());
    expect(localStorage.getItem(SESSION_START_KEY)).toBe(String(Date.now()));
  });

  it('logs out as inactive at the first 30 s check after 3 600 000 ms, not before', () => {
    const onLogout = vi.fn();
    monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
    vi.advanceTimersByTime(3_600_000 - 30_000);
    expect(onLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(29_999);
    expect(onLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('inactive');
    expect(localStorage.getItem(SESSION_LOGOUT_KEY)).not.toBeNull();
  });

  it('checks only every 30 000 ms', () => {
    go('/dashboard?timer=1000');
    const onLogout = vi.fn();
    monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
    vi.advanceTimersByTime(29_999);
    expect(onLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onLogout).toHaveBeenCalledWith('inactive');
  });

  it('activity refreshes the start time', () => {
    const onLogout = vi.fn();
    monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
    vi.advanceTimersByTime(3_000_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(localStorage.getItem(SESSION_START_KEY)).toBe(String(Date.now()));
    vi.advanceTimersByTime(3_000_000);
    expect(onLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600_000);
    expect(onLogout).toHaveBeenCalledWith('inactive');
  });

  it('activity in another tab (shared start time) keeps this tab alive', () => {
    const onLogout = vi.fn();
    monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
    vi.advanceTimersByTime(3_500_000);
    localStorage.setItem(SESSION_START_KEY, String(Date.now()));
    vi.advanceTimersByTime(3_500_000);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('follows a logout in another tab (storage event)', () => {
    const onLogout = vi.fn();
    monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_LOGOUT_KEY, newValue: '1' }));
    expect(onLogout).toHaveBeenCalledExactlyOnceWith('other-tab');
  });

  it.each(SESSION_EXEMPT_WORDS.map((word) => [word]))(
    'does not time a page whose URL contains %s',
    (word) => {
      go(`/x/${word}?timer=1`);
      const onLogout = vi.fn();
      monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
      vi.advanceTimersByTime(SESSION_LIMIT_MS * 2);
      expect(onLogout).not.toHaveBeenCalled();
    },
  );

  it('the timer parameter overrides the limit', () => {
    go('/dashboard?timer=60000');
    const onLogout = vi.fn();
    monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
    vi.advanceTimersByTime(30_000);
    expect(onLogout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(onLogout).toHaveBeenCalledWith('inactive');
  });

  it('stops listening after stop()', () => {
    const onLogout = vi.fn();
    monitor = startSessionMonitor(browserSessionEnvironment(), onLogout);
    monitor.stop();
    vi.advanceTimersByTime(SESSION_LIMIT_MS * 2);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_LOGOUT_KEY, newValue: '1' }));
    expect(onLogout).not.toHaveBeenCalled();
  });
});
