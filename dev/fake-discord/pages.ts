/** The few HTML pages a person sees on the fake Discord: login consent, bot invite, errors. */
import { html } from 'hono/html';
import type { APIUser } from 'discord-api-types/v10';

type Markup = ReturnType<typeof html>;

const STYLE = `
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #313338;
         color: #dbdee1; font: 16px/1.4 system-ui, sans-serif; }
  main { width: min(28rem, 92vw); background: #2b2d31; border-radius: 8px; padding: 2rem; }
  h1 { margin-top: 0; font-size: 1.4rem; color: #f2f3f5; }
  form { margin: 0.5rem 0; }
  button { width: 100%; padding: 0.7rem; border: 0; border-radius: 4px; background: #5865f2; color: #fff;
           font: inherit; cursor: pointer; }
  button.secondary { background: #4e5058; }
  code { background: #1e1f22; padding: 0 0.25rem; border-radius: 3px; }
  a { color: #00a8fc; }
  .note { color: #949ba4; font-size: 0.85rem; }
`;

function layout(heading: string, body: Markup, title = 'Discord (demo)'): Markup {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>
          <h1>${heading}</h1>
          ${body}
          <p class="note">This is the local fake Discord used for development. No real account is involved.</p>
        </main>
      </body>
    </html>`;
}

function hiddenFields(fields: Record<string, string>): Markup[] {
  return Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`);
}

export interface LoginPageInput {
  applicationName: string;
  scopes: string[];
  /** The authorize parameters to carry into the POST. */
  fields: Record<string, string>;
  users: APIUser[];
}

export function loginPage(input: LoginPageInput): Markup {
  const buttons = input.users.map(
    (user) =>
      html`<form method="post" action="/oauth2/authorize">
        ${hiddenFields(input.fields)}
        <input type="hidden" name="user_id" value="${user.id}" />
        <button type="submit">Continue as ${user.global_name ?? user.username}</button>
      </form>`,
  );
  return layout(
    `${input.applicationName} wants to access your account`,
    html`<p>Scopes: ${input.scopes.map((scope) => html`<code>${scope}</code> `)}</p>
      ${buttons}
      <form method="post" action="/oauth2/authorize">
        ${hiddenFields(input.fields)}
        <input type="hidden" name="action" value="deny" />
        <button type="submit" class="secondary">Cancel</button>
      </form>`,
  );
}

export interface InvitePageInput {
  applicationName: string;
  permissions: string | null;
  guildId: string | null;
  guildName: string | null;
  backHref: string;
}

export function invitePage(input: InvitePageInput): Markup {
  let preselected: Markup;
  if (input.guildId === null) preselected = html`<p>No server was preselected.</p>`;
  else if (input.guildName === null) preselected = html`<p>Preselected server: unknown server <code>${input.guildId}</code>.</p>`;
  else preselected = html`<p>Preselected server: <strong>${input.guildName}</strong> (<code>${input.guildId}</code>).</p>`;
  return layout(
    `Add ${input.applicationName} to a server`,
    html`${preselected}
      <p>Requested permissions: <code>${input.permissions ?? '0'}</code></p>
      <p>The demo cannot add bots to servers; this page only shows what Discord would be asked.</p>
      <p><a href="${input.backHref}">Back to ${input.applicationName}</a></p>`,
    `Add ${input.applicationName} to a server | Discord (demo)`,
  );
}

export function errorPage(message: string): Markup {
  return layout('Something went wrong', html`<p>${message}</p>`);
}

export function indexPage(): Markup {
  return layout(
    'Fake Discord',
    html`<p>
        Serves <code>/oauth2/authorize</code>, <code>/api/oauth2/token</code>, <code>/api/v10/…</code> and the test controls under <code>/__demo/</code>.
      </p>
      <p><a href="/__demo/state">Demo data set (JSON)</a></p>`,
  );
}
