import { escapeHtml } from './escape';

/** A plain, script-free page for outcomes outside the app, such as a failed login callback. */
export function messagePage(title: string, message: string, link: { href: string; label: string }): string {
  return `<!doctype html><html lang="en" class="dark"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} | ServerManager</title><style>body{font-family:system-ui,sans-serif;background:#030712;color:#f3f4f6;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:32rem;padding:2rem;text-align:center}a{display:inline-block;margin-top:1.5rem;background:#4f46e5;color:#fff;padding:.75rem 1.5rem;border-radius:.5rem;text-decoration:none;font-weight:600}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></main></body></html>`;
}
