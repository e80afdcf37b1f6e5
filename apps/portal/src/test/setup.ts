import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadPageTexts } from '@/lib/i18n/i18n';

// Components under test render page texts; the portal loads them before any page but the sign-in page.
beforeAll(() => loadPageTexts());

afterEach(() => {
  cleanup();
  localStorage.clear();
});
