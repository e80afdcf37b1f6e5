/**
 * The marks the build writes around the static shell of a page the server may render whole (scripts/page-entries.ts
 * PageEntry.serverRendered), where the server puts the page's first screen (src/app/first-screen.tsx, which exports
 * them to the server with the renderer).
 */
export const FIRST_SCREEN_START = '<!--first-screen-->';
export const FIRST_SCREEN_END = '<!--/first-screen-->';
