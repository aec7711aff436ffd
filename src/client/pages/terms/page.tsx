import { SUPPORT_EMAIL, SUPPORT_URL, TERMS_UPDATED, WHITELIST_LIMIT_PER_USER } from '../../../shared/constants';

export default function TermsOfService() {
  return (
    <article className="text-page">
      <h1>Terms of Service</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{`Last updated: ${TERMS_UPDATED}`}</p>

      <section aria-labelledby="tos-acceptance">
        <h2 id="tos-acceptance">1. Acceptance of these terms</h2>
        <p>
          By adding ServerManager to a Discord server, using its commands or logging in to this dashboard, you agree to these terms and to our{' '}
          <a href="/privacy-policy">Privacy Policy</a>. If you do not agree, please do not use the service. You must also follow Discord&apos;s Terms of Service
          and Community Guidelines.
        </p>
      </section>

      <section aria-labelledby="tos-use">
        <h2 id="tos-use">2. Use of the bot</h2>
        <p>
          ServerManager offers moderation, fun, information, utility and Last.fm commands, and a dashboard for server owners to configure them. You are
          responsible for how the bot is configured and used in the servers you manage, including the permissions you grant it and the actions your moderators
          take with it.
        </p>
      </section>

      <section aria-labelledby="tos-license">
        <h2 id="tos-license">3. Licenses and the whitelist</h2>
        <p>
          {`Some features require a license, which whitelists a server for the bot. Each account may whitelist ${WHITELIST_LIMIT_PER_USER} server at a time; you may replace it with another server from the dashboard.`}{' '}
          A license may be time-limited, and its expiry date is shown on the server&apos;s settings page. Licenses are personal, cannot be resold or
          transferred, and may be revoked if these terms are broken.
        </p>
      </section>

      <section aria-labelledby="tos-prohibited">
        <h2 id="tos-prohibited">4. Prohibited use</h2>
        <p>You agree not to:</p>
        <ul>
          <li>use the bot to harass, threaten, spam or raid other users or servers;</li>
          <li>abuse commands to deliberately overload the bot or get around cooldowns;</li>
          <li>attempt to gain unauthorised access to the bot, the dashboard or other users&apos; data;</li>
          <li>reverse engineer, copy or resell the service or any part of it;</li>
          <li>use the service for anything illegal or against Discord&apos;s rules.</li>
        </ul>
      </section>

      <section aria-labelledby="tos-termination">
        <h2 id="tos-termination">5. Suspension and termination</h2>
        <p>
          We may suspend or end access to the bot or the dashboard for any user or server that breaks these terms or puts the service or its users at risk, with
          or without notice. You may stop using the service at any time by removing the bot from your server and signing out of the dashboard.
        </p>
      </section>

      <section aria-labelledby="tos-disclaimer">
        <h2 id="tos-disclaimer">6. Disclaimer</h2>
        <p>
          The service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. We work hard to keep it reliable, but we do not guarantee that it will be
          uninterrupted, error-free or suitable for any particular purpose. Features may change or be removed over time.
        </p>
      </section>

      <section aria-labelledby="tos-liability">
        <h2 id="tos-liability">7. Limitation of liability</h2>
        <p>
          To the fullest extent permitted by law, we are not liable for any indirect or consequential loss, or for loss of data, members or messages, arising
          from your use of the service, including actions taken by the bot on your instructions or on the instructions of your moderators.
        </p>
      </section>

      <section aria-labelledby="tos-changes">
        <h2 id="tos-changes">8. Changes to these terms</h2>
        <p>
          We may update these terms from time to time. When we do, we will change the date at the top of this page. Continuing to use the service after an
          update means you accept the revised terms.
        </p>
      </section>

      <section aria-labelledby="tos-contact">
        <h2 id="tos-contact">9. Contact</h2>
        <p>
          Questions about these terms can be sent to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or raised in our{' '}
          <a href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
            support community
          </a>
          .
        </p>
      </section>
    </article>
  );
}
