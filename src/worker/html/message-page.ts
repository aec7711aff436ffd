import { escapeHtml } from './escape';

/**
 * A plain, script-free page for outcomes outside the app, such as a failed login callback. It shows the request's id,
 * which its log line carries too, so a person can quote it to the operator.
 */
export function messagePage(title: string, message: string, link: { href: string; label: string }, requestId: string): string {
  return `<!doctype html><html lang="en" class="dark"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ServerManager</title><style>body{font-family:system-ui,sans-serif;background:#030712;color:#f3f4f6;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:32rem;padding:2rem;text-align:center}small{display:block;margin-top:2rem;color:#9ca3af;font-size:.875rem}code{font-family:ui-monospace,monospace;user-select:all;overflow-wrap:anywhere}@media (prefers-color-scheme:light){body{background:#f9fafb;color:#111827}small{color:#4b5563}}a{display:inline-block;margin-top:1.5rem;background:#4f46e5;color:#fff;padding:.75rem 1.5rem;border-radius:.5rem;text-decoration:none;font-weight:600}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a><small>Request ID: <code>${escapeHtml(requestId)}</code></small></main></body></html>`;
}
