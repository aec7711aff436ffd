import { SUPPORT_EMAIL, SUPPORT_URL } from '../../../shared/constants';
import { buttonClass } from '../../ui/buttons';
import '../../features/legal/text-page.css';

const card = 'rounded-lg border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-800';

export default function Contact() {
  return (
    <article className="text-page">
      <h1>Contact</h1>
      <p>Need help setting up ServerManager, found a bug or have a question about your license? Reach us in whichever way suits you best.</p>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="contact-community" className={card}>
          <h2 id="contact-community" className="mt-0">
            Support community
          </h2>
          <p>The fastest way to get help. Our staff and experienced members answer questions, and announcements are posted there first.</p>
          <a className={`${buttonClass.primary} mt-4`} href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
            Join the support server
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>

        <section aria-labelledby="contact-email" className={card}>
          <h2 id="contact-email" className="mt-0">
            Email
          </h2>
          <p>Best for privacy and data requests, license or billing questions, and anything you would rather not discuss in public.</p>
          <p className="mt-4 leading-6">
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </section>
      </div>

      <section aria-labelledby="contact-include">
        <h2 id="contact-include">What to include</h2>
        <p>Including these details helps us solve your problem on the first reply:</p>
        <ul>
          <li>your Discord username and user ID;</li>
          <li>the server ID the request is about, if any;</li>
          <li>the command you ran and the exact error message, or a screenshot;</li>
          <li>roughly when it happened and what you expected instead;</li>
          <li>for data requests, whether you want a copy of your data or want it deleted.</li>
        </ul>
        <p>Please never send us your password, tokens or any other login secrets.</p>
      </section>

      <section aria-labelledby="contact-response">
        <h2 id="contact-response">Response time</h2>
        <p>
          We usually answer in the support community within a few hours and reply to email within two business days. Privacy requests follow the timelines in
          our <a href="/privacy-policy">Privacy Policy</a>.
        </p>
      </section>
    </article>
  );
}
