import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Pure logic and React components, in a simulated DOM.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/client/**/*.test.{ts,tsx}', 'tests/scripts/**/*.test.ts', 'tests/fake-discord/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
    environment: 'happy-dom',
    // Scripts a test adds (tests/client/script-loader.test.ts) are never fetched; they count as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    setupFiles: ['./tests/client/setup.ts'],
  },
});
