import { secureHeaders } from 'hono/secure-headers';

/**
 * The security headers of every answer (the CSP is set apart: render/content-security-policy.ts). The prerendered
 * pages, which the asset server answers without the Worker, carry the same ones through `_headers` (scripts/prerender.ts).
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  referrerPolicy: 'strict-origin-when-cross-origin',
  // As the CSP's frame-ancestors 'none', for browsers that read only this header (Hono's default is SAMEORIGIN).
  xFrameOptions: 'DENY',
  // Nothing here needs these; a page that has no use for them should not be able to ask.
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
});
