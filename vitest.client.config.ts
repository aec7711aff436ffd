import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Pure logic and React components, in a simulated DOM.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/client/**/*.test.{ts,tsx}', 'tests/scripts/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['./tests/client/setup.ts'],
  },
});
