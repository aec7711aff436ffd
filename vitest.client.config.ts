import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { loadOpenApiDocument } from './tests/conformance/helpers/openapi-document.ts';

// Discord's OpenAPI document is not ours to commit (tests/fixtures/discord-openapi/README.md says where it goes):
// the checks against it run where it is, rather than showing as skipped where it is not.
const withOpenApi = loadOpenApiDocument(process.cwd()) !== null;
if (!withOpenApi) console.warn("Discord's OpenAPI document was not found: tests/conformance/discord-openapi.test.ts does not run.");

// Pure logic and React components, in a simulated DOM.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/client/**/*.test.{ts,tsx}', 'tests/scripts/**/*.test.ts', 'tests/fake-discord/**/*.test.ts', 'tests/conformance/**/*.test.ts'],
    environment: 'happy-dom',
    // Scripts a test adds (tests/client/script-loader.test.ts) are never fetched; they count as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    exclude: withOpenApi ? [] : ['tests/conformance/discord-openapi.test.ts'],
    setupFiles: ['./tests/client/helpers/setup.ts'],
  },
});
