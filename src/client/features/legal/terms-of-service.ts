import { SUPPORT_EMAIL, SUPPORT_URL, TERMS_UPDATED, WHITELIST_LIMIT_PER_USER } from '../../../shared/constants';
import type { LegalText } from './legal-text';

export const TERMS_OF_SERVICE: LegalText = {
  title: 'Terms of Service',
  updated: TERMS_UPDATED,
  sections: [
    {
      id: 'tos-acceptance',
      heading: '1. Acceptance of these terms',
      blocks: [
        {
          paragraph: [
            'By adding ServerManager to a Discord server, using its commands or logging in to this dashboard, you agree to these terms and to our ',
            { text: 'Privacy Policy', href: '/privacy-policy' },
            ". If you do not agree, please do not use the service. You must also follow Discord's Terms of Service and Community Guidelines.",
          ],
        },
      ],
    },
    {
      id: 'tos-use',
      heading: '2. Use of the bot',
      blocks: [
        {
          paragraph:
            'ServerManager offers moderation, fun, information, utility and Last.fm commands, and a dashboard for server owners to configure them. You are responsible for how the bot is configured and used in the servers you manage, including the permissions you grant it and the actions your moderators take with it.',
        },
      ],
    },
    {
      id: 'tos-license',
      heading: '3. Licenses and the whitelist',
      blocks: [
        {
          paragraph: `Some features require a license, which whitelists a server for the bot. Each account may whitelist ${WHITELIST_LIMIT_PER_USER} server at a time; you may replace it with another server from the dashboard. A license may be time-limited, and its expiry date is shown on the server's settings page. Licenses are personal, cannot be resold or transferred, and may be revoked if these terms are broken.`,
        },
      ],
    },
    {
      id: 'tos-prohibited',
      heading: '4. Prohibited use',
      blocks: [
        { paragraph: 'You agree not to:' },
        {
          list: [
            'use the bot to harass, threaten, spam or raid other users or servers;',
            'abuse commands to deliberately overload the bot or get around cooldowns;',
            "attempt to gain unauthorised access to the bot, the dashboard or other users' data;",
            'reverse engineer, copy or resell the service or any part of it;',
            "use the service for anything illegal or against Discord's rules.",
          ],
        },
      ],
    },
    {
      id: 'tos-termination',
      heading: '5. Suspension and termination',
      blocks: [
        {
          paragraph:
            'We may suspend or end access to the bot or the dashboard for any user or server that breaks these terms or puts the service or its users at risk, with or without notice. You may stop using the service at any time by removing the bot from your server and signing out of the dashboard.',
        },
      ],
    },
    {
      id: 'tos-disclaimer',
      heading: '6. Disclaimer',
      blocks: [
        {
          paragraph:
            'The service is provided “as is” and “as available”. We work hard to keep it reliable, but we do not guarantee that it will be uninterrupted, error-free or suitable for any particular purpose. Features may change or be removed over time.',
        },
      ],
    },
    {
      id: 'tos-liability',
      heading: '7. Limitation of liability',
      blocks: [
        {
          paragraph:
            'To the fullest extent permitted by law, we are not liable for any indirect or consequential loss, or for loss of data, members or messages, arising from your use of the service, including actions taken by the bot on your instructions or on the instructions of your moderators.',
        },
      ],
    },
    {
      id: 'tos-changes',
      heading: '8. Changes to these terms',
      blocks: [
        {
          paragraph:
            'We may update these terms from time to time. When we do, we will change the date at the top of this page. Continuing to use the service after an update means you accept the revised terms.',
        },
      ],
    },
    {
      id: 'tos-contact',
      heading: '9. Contact',
      blocks: [
        {
          paragraph: [
            'Questions about these terms can be sent to ',
            { text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
            ' or raised in our ',
            { text: 'support community', href: SUPPORT_URL, external: true },
            '.',
          ],
        },
      ],
    },
  ],
};
