import { SUPPORT_EMAIL, SUPPORT_URL } from '../../shared/constants';

const h2 = 'text-xl font-semibold text-gray-900 dark:text-white';
const p = 'mt-3 leading-7 text-gray-700 dark:text-gray-300';
const ul = 'mt-3 list-disc space-y-2 pl-6 leading-7 text-gray-700 dark:text-gray-300';
const card = 'rounded-lg border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-800';
const button =
  'mt-4 inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400';
const link =
  'rounded-sm font-medium text-indigo-600 underline underline-offset-2 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300';

export default function Contact() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900 dark:text-white">Contact</h1>
      <p className={p}>Need help setting up ServerManager, found a bug or have a question about your license? Reach us in whichever way suits you best.</p>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="contact-community" className={card}>
          <h2 id="contact-community" className={h2}>
            Support community
          </h2>
          <p className={p}>The fastest way to get help. Our staff and experienced members answer questions, and announcements are posted there first.</p>
          <a className={button} href={SUPPORT_URL} target="_blank" rel="noopener noreferrer">
            Join the support server
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>

        <section aria-labelledby="contact-email" className={card}>
          <h2 id="contact-email" className={h2}>
            Email
          </h2>
          <p className={p}>Best for privacy and data requests, license or billing questions, and anything you would rather not discuss in public.</p>
          <p className="mt-4">
            <a className={link} href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
        </section>
      </div>

      <section aria-labelledby="contact-include" className="mt-10">
        <h2 id="contact-include" className={h2}>
          What to include
        </h2>
        <p className={p}>Including these details helps us solve your problem on the first reply:</p>
        <ul className={ul}>
          <li>your Discord username and user ID;</li>
          <li>the server ID the request is about, if any;</li>
          <li>the command you ran and the exact error message, or a screenshot;</li>
          <li>roughly when it happened and what you expected instead;</li>
          <li>for data requests, whether you want a copy of your data or want it deleted.</li>
        </ul>
        <p className={p}>Please never send us your password, tokens or any other login secrets.</p>
      </section>

      <section aria-labelledby="contact-response" className="mt-10">
        <h2 id="contact-response" className={h2}>
          Response time
        </h2>
        <p className={p}>
          We usually answer in the support community within a few hours and reply to email within two business days. Privacy requests follow the timelines in
          our{' '}
          <a className={link} href="/privacy-policy">
            Privacy Policy
          </a>
          .
        </p>
      </section>
    </article>
  );
}
