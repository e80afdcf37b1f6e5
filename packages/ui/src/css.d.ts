// Side-effect CSS imports (Vite bundles them).
declare module '*.css';
