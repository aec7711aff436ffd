import { DATA_COPY_DAYS, DELETION_REQUEST_DAYS, MESSAGE_RETENTION_DAYS, PRIVACY_UPDATED, SUPPORT_EMAIL, SUPPORT_URL } from '../../../shared/constants';

export default function PrivacyPolicy() {
  return (
    <article className="text-page">
      <h1>Privacy Policy</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{`Last updated: ${PRIVACY_UPDATED}`}</p>
      <p>
        This policy explains what information ServerManager (the Discord bot and this web dashboard) collects, why we collect it, how long we keep it and the
        choices you have. We collect only what we need to run the features you use, and we never sell your data.
      </p>

      <section aria-labelledby="privacy-collect">
        <h2 id="privacy-collect">Information we collect</h2>
        <ul>
          <li>
            <strong>Discord account details</strong>: your Discord user ID, username, display name and avatar, received when you log in to the dashboard or use
            a command.
          </li>
          <li>
            <strong>Server details</strong>: the IDs and names of servers you manage or the bot is in, along with the channels and roles needed to show your
            settings.
          </li>
          <li>
            <strong>Settings</strong>: the configuration you choose for each server, such as anti-nuke, auto-role, welcome messages, logs, starboard, tickets
            and disabled commands, plus any whitelist (license) entries.
          </li>
          <li>
            <strong>Last.fm username</strong>: only if you link it with the <code>lfset</code> command, so we can show your listening statistics.
          </li>
          <li>
            <strong>Message content</strong>: handled only transiently, to apply moderation features, to power snipe and edit-snipe, and to write the server
            logs your administrators enabled.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">How we use it</h2>
        <p>
          We use this information to run commands, apply your server settings, authenticate you on the dashboard, show the servers you can manage and keep the
          service secure and free of abuse. We do not use it for advertising or build profiles about you.
        </p>
      </section>

      <section aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">Retention</h2>
        <ul>
          <li>{`Message data is kept for up to ${MESSAGE_RETENTION_DAYS} days and is then deleted automatically.`}</li>
          <li>Server settings and whitelist entries are kept while the bot remains in the server or the license is active.</li>
          <li>
            Your Last.fm username is kept until you unlink it with the <code>lfunset</code> command or ask us to delete it.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your choices and rights</h2>
        <ul>
          <li>{`Deletion: ask us to delete your data and we will handle the request within two weeks (${DELETION_REQUEST_DAYS} days).`}</li>
          <li>{`Access: ask for a copy of the data we hold about you and we will send it within ${DATA_COPY_DAYS} days.`}</li>
          <li>Removal: you can remove the bot from your server at any time, which stops all further collection there.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">Cookies and local storage</h2>
        <p>
          The dashboard sets a single session cookie that keeps you logged in; it is removed when you sign out. Your dark-mode preference is saved in your
          browser&apos;s local storage and never leaves your device. We use no advertising or tracking cookies.
        </p>
      </section>

      <section aria-labelledby="privacy-third-parties">
        <h2 id="privacy-third-parties">Third parties</h2>
        <ul>
          <li>
            <strong>Discord</strong> provides login and all server, channel, role and message data.
          </li>
          <li>
            <strong>Last.fm</strong> provides listening statistics for the account you link.
          </li>
          <li>
            <strong>Cloudflare</strong> hosts the dashboard and stores its data.
          </li>
        </ul>
        <p>Each of these services processes data under its own privacy policy.</p>
      </section>

      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">Changes to this policy</h2>
        <p>If we change this policy we will update the date at the top of this page. Significant changes will also be announced in our support community.</p>
      </section>

      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact</h2>
        <p>
          For privacy questions or data requests, email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or ask in our{' '}
          <a href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
            support community
          </a>
          .
        </p>
      </section>
    </article>
  );
}
