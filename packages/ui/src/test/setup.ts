import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library's async wrapper drains pending work with setTimeout(0) and only advances *jest* fake timers,
// so with Vitest's fake timers every userEvent call would hang. It detects fake timers by `jest` plus a
// faked setTimeout (Vitest's has `.clock`): give it a jest-shaped shim that advances Vitest's clock.
Object.assign(globalThis, {
  jest: {
    advanceTimersByTime: (ms: number) => {
      vi.advanceTimersByTime(ms);
    },
  },
});

afterEach(() => {
  cleanup();
  // Absent in the tests that run without a DOM (`@vitest-environment node`: the server rendering test).
  if (typeof window !== 'undefined') window.localStorage.clear();
});
