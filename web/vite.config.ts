import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The SPA lives in web/; `npm run build` writes the static site to web/dist (served by CloudFront, or by the local stack). */
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    alias: {
      // Same aliases as tsconfig paths and jest's moduleNameMapper.
      '@core': fileURLToPath(new URL('../core', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: one long-cached chunk apart from the app's own code.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ }],
        },
      },
    },
  },
});
