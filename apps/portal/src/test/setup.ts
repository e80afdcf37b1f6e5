import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { validators } from '@assessment/sdk/validators';
import { loadPageTexts, loadSectionTexts } from '@/lib/i18n/i18n';
import { FEATURE_SECTIONS } from '../../scripts/locale-messages';

// Components under test render page texts; the portal loads them before any page but the sign-in page, and a
// feature's own section with the feature (useSectionTexts): components tested alone get all of them up front.
beforeAll(() => Promise.all([loadPageTexts(), loadSectionTexts(...FEATURE_SECTIONS)]));

// The SDK validates as the portal does (test/render.tsx) and imports an operation's validators on its first
// validated call: loaded up front, so no test's first request waits on module loading behind a click, an assertion
// or a fake clock.
beforeAll(async () => {
  const table = await validators();
  await Promise.all(Object.values(table).flatMap((load) => (load ? [load()] : [])));
});

afterEach(() => {
  cleanup();
  // Files share a worker's jsdom (isolate: false in vitest.config.ts): nothing one test set may reach the next.
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});
