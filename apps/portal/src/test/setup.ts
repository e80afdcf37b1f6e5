import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadPageTexts, loadSectionTexts } from '@/lib/i18n/i18n';
import { FEATURE_SECTIONS } from '../../scripts/locale-messages';

// Components under test render page texts; the portal loads them before any page but the sign-in page, and a
// feature's own section with the feature (useSectionTexts): components tested alone get all of them up front.
beforeAll(() => Promise.all([loadPageTexts(), loadSectionTexts(...FEATURE_SECTIONS)]));

afterEach(() => {
  cleanup();
  localStorage.clear();
});
