import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const coreRoot = fileURLToPath(new URL('../core', import.meta.url));
// Real path: node_modules may be a link to another checkout's, and Vite checks resolved file paths.
const nodeModules = realpathSync(fileURLToPath(new URL('../node_modules', import.meta.url)));
/** The pure rules' source files (core/): importing one runs nothing but its declarations. */
const coreSources = new RegExp(`^${coreRoot.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\\\/].*\\.ts$`);

/** The colour of the dark canvas, the installed app's splash screen and its title bar (index.html's theme-color). */
const CANVAS = '#0b1018';

/**
 * The installable app (docs/architecture.md "Installable app"): the web app manifest, and a service worker that
 * precaches the app shell and answers navigations with it offline (the app keeps its last /config.json to start
 * without a connection: web/src/config/runtime-config.ts). Server paths (the API, the local stand-ins, files with an
 * extension such as an avatar opened in a tab) are never answered with the shell.
 */
const installableApp = VitePWA({
  registerType: 'prompt',
  // Registered by the app itself after its first render (web/src/app/app-updates.ts), off the first page's path.
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'FitGauge',
    short_name: 'FitGauge',
    description: 'FitGauge: wellness and game readiness for esports teams',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: CANVAS,
    theme_color: CANVAS,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // The video player's and the spreadsheet export's libraries (1 MB of the 2.5) are kept when first used instead.
    globIgnores: ['**/hls-*.js', '**/xlsx-*.js'],
    // The first visit's page comes under the worker at once (nothing older is running); a later version waits for Reload.
    clientsClaim: true,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/(graphql|api|local)\//, /^\/config\.json$/, /\/[^/]+\.[^/]+$/],
    // Background Sync wakes open pages to send the offline check-in queue; Web Push shows reminders (docs/reminders.md).
    importScripts: ['/check-in-sync.js', '/push-notifications.js'],
    runtimeCaching: [
      {
        // Hashed file names: a name never changes its content.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'fitgauge-assets', expiration: { maxEntries: 60 } },
      },
    ],
  },
});

/** The SPA lives in web/; `npm run build` writes the static site to web/dist (served by CloudFront, or by the local stack). */
export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), installableApp],
  server: {
    fs: {
      // Only the app's sources and its dependencies. The checkout also holds the local stack's data folder
      // (.local: local users with their passwords and refresh tokens, the mail outbox with reset codes),
      // which Vite's dev server would otherwise hand to anyone under /@fs/.
      allow: [webRoot, coreRoot, nodeModules],
      // Vite's defaults, and any .local folder wherever it sits.
      deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/.local/**'],
    },
  },
  resolve: {
    alias: [
      // Same aliases as tsconfig paths and jest's moduleNameMapper.
      { find: '@core', replacement: fileURLToPath(new URL('../core', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router's package exports name only its development build (its warnings on); the production build sits
      // beside it. The dev server keeps the warnings.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${nodeModules}/react-router/dist/production/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${nodeModules}/react-router/dist/production/dom-export.mjs` },
          ]
        : []),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // core/ is pure (no AWS, no React, nothing run on import): a module whose exports a page does not use is left
      // out, not kept for the schemas it builds; Analytics loaded the validation library for one such import.
      treeshake: { moduleSideEffects: [{ test: coreSources, sideEffects: false }] },
      output: {
        // React and the router change rarely: one long-cached chunk apart from the app's own code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 11 },
            // Everything else the first page needs in one file, not a dozen small ones each compressed on its own.
            { name: 'app', tags: ['$initial'], priority: 10 },
            // What the public simulator shares with the signed-in pages (icons, score tiles, days): its own small file,
            // so the simulator does not load the frame's and My scores' files for them.
            {
              name: 'score-display',
              test: /web[\\/]src[\\/](components[\\/](scores[\\/]|ui[\\/]icon)|lib[\\/]score-display)|core[\\/](pillars|dates[\\/]index|scoring[\\/](labels|constants|fg-score))\.ts$/,
              priority: 9,
            },
            // The validation library's part the first page does not use, and the rules built with it: shared by the
            // simulator and the signed-in pages, so none of them loads another page's file for it.
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]|core[\\/](validation[\\/]|dates[\\/]validation\.ts$)/, priority: 8 },
            // The signed-in frame with all it imports, and My scores (where gamers land) with all it imports: one file
            // each instead of some thirty small ones, each a request a phone waits for before the page draws.
            { name: 'home-frame', test: /web[\\/]src[\\/]app[\\/]routes[\\/]home[\\/]root\.tsx$/, priority: 6 },
            // What Today shares with other signed-in pages and the frame does not load: files of their own, or each of those
            // pages would load Today's file. The check-in's questions (Analytics needs them, not the validation library);
            // the team rules and lists read page by page.
            { name: 'questionnaire', test: /core[\\/]questionnaire\.ts$/, priority: 5 },
            {
              name: 'page-shared',
              test: /core[\\/]teams[\\/]|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infiniteQueryObserver|infiniteQueryOptions|useInfiniteQuery)\.js$/,
              priority: 5,
            },
            { name: 'my-scores', test: /web[\\/]src[\\/]app[\\/]routes[\\/]home[\\/]my-scores\.tsx$/, priority: 4 },
            // The other two pages where a morning starts, Today (gamers) and Analytics (staff), likewise.
            { name: 'today', test: /web[\\/]src[\\/]app[\\/]routes[\\/]home[\\/]today\.tsx$/, priority: 3 },
            { name: 'team-analytics', test: /web[\\/]src[\\/]app[\\/]routes[\\/]home[\\/]team-analytics\.tsx$/, priority: 2 },
          ],
        },
      },
    },
  },
}));
