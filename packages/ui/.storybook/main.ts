import type { StorybookConfig } from '@storybook/react-vite';

/** Catalogue of the UI kit: every `src/**\/*.stories.tsx` (CSF 3). */
const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
};

export default config;
