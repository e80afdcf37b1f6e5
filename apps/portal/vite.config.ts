import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { localeMessages } from './scripts/locale-messages.ts';
import { firstPageGroups, firstPageModulesFromEnv } from './scripts/page-chunks.ts';
import { pageEntries } from './scripts/page-entries.ts';
import { reactSentinelErrors } from './scripts/react-sentinel-errors.ts';

/** Where `vite dev` / `vite preview` send API calls until the one-origin demo server serves the portal itself. */
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(
  ['/api', '/modal', '/culture', '/upload-service', '/support-service'].map((prefix) => [
    prefix,
    { target: apiTarget, changeOrigin: false },
  ]),
);

export default defineConfig({
  // The router plugin must run before react(): it code-splits each route file (tsr.config.json).
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: the SDK calls (and their response schemas) a page needs load with that page; the
      // error components (dialog code, DOMPurify) load only when a page fails.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent'],
          ['errorComponent', 'notFoundComponent'],
        ],
      },
    }),
    react(),
    // React DOM's start-up without the stack captures that cost Lighthouse's (DevTools') runs 45-90 ms at 1x CPU.
    reactSentinelErrors(),
    localeMessages(),
    // dist/auth/login.html, dist/dashboard.html, ...: the page's chunks preloaded, the sign-in card pre-rendered.
    pageEntries(),
    // Brotli and gzip copies beside each text asset, sent as they are by the demo server (no per-request work).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.vite[\\/]/] }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', proxy },
  preview: { host: '127.0.0.1', proxy },
  build: {
    // Side-by-side journey runs build into their own folder (playwright.config.ts).
    outDir: process.env.PORTAL_OUT_DIR ?? 'dist',
    sourcemap: false,
    // One stylesheet for the whole portal (6.9 KB gz at this writing): the first pages link one
    // file instead of two (the projects tables' rules came in a second request on a phone's six HTTP/1.1
    // connections), and a later page never waits for a stylesheet of its own.
    cssCodeSplit: false,
    target: 'es2022',
    manifest: true,
    // Every browser the es2022 target names but the oldest Safari/Firefox supports <link rel="modulepreload">;
    // without support the split chunks still load (only without the early preload). The polyfill cost every
    // first page ~0.4 KB gz in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Every page needs these libraries at start-up: one chunk compresses better and loads in one request,
        // instead of a dozen small shared chunks the code splitting would otherwise cut them into.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // With the SDK's runtime (client, configuration, errors), which every page needs too and which changes as
              // rarely: one request less on every first page. The SDK's operations, schemas and query options (one
              // module each, src/gen/split) and the XHR upload helper (@assessment/sdk/upload) load with the routes
              // that use them.
              test: /packages[\\/]sdk[\\/]src[\\/](?!gen[\\/]split[\\/]|upload-file\.ts$)|node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:react|react-dom|scheduler|@tanstack[\\/](?:react-router|router-core|history|react-store|store|react-query|query-core)|zod|@lingui[\\/](?:core|react)|use-sync-external-store|tiny-invariant|tiny-warning|cookie-es|seroval|seroval-plugins)[\\/]/,
            },
            // Everything the entry imports statically, in the entry's chunk, instead of a dozen small chunks that
            // lazy routes happen to share too (the search schemas, the SDK's envelope schemas, the modal registry).
            { name: 'start', tags: ['$initial'] },
            // React Aria's form-field core (field, validation, group, field error, text field): one chunk, as the
            // sign-in page's text fields need all of it. A lazy chunk that uses only part of it (the viewer's date
            // range picker) would otherwise cut it in two, and the sign-in page would load both halves (+0.4 KB gz).
            // Only these modules (not their dependencies, which stay where the automatic splitting puts them).
            {
              name: 'field-core',
              test: /react-aria-components[\\/]dist[\\/]private[\\/](?:FieldError|Form|Group|Autocomplete)\.mjs$|react-aria[\\/]dist[\\/]private[\\/](?:label[\\/]useField|utils[\\/]useFormReset|form[\\/]useFormValidation|textfield[\\/]useTextField)\.mjs$|react-stately[\\/]dist[\\/]private[\\/]form[\\/]useFormValidationState\.mjs$/,
              includeDependenciesRecursively: false,
            },
            // The first pages' own code in a few chunks (scripts/page-chunks.ts; `pnpm run build` finds them first).
            ...firstPageGroups(firstPageModulesFromEnv()),
          ],
        },
      },
    },
  },
});
