import { DATA_COPY_DAYS, DELETION_REQUEST_DAYS, MESSAGE_RETENTION_DAYS, PRIVACY_UPDATED, SUPPORT_EMAIL, SUPPORT_URL } from '../../../shared/constants';
import type { LegalText } from './legal-text';

export const PRIVACY_POLICY: LegalText = {
  title: 'Privacy Policy',
  updated: PRIVACY_UPDATED,
  intro: [
    {
      paragraph:
        'This policy explains what information ServerManager (the Discord bot and this web dashboard) collects, why we collect it, how long we keep it and the choices you have. We collect only what we need to run the features you use, and we never sell your data.',
    },
  ],
  sections: [
    {
      id: 'privacy-collect',
      heading: 'Information we collect',
      blocks: [
        {
          list: [
            [
              { strong: 'Discord account details' },
              ': your Discord user ID, username, display name and avatar, received when you log in to the dashboard or use a command.',
            ],
            [
              { strong: 'Server details' },
              ': the IDs and names of servers you manage or the bot is in, along with the channels and roles needed to show your settings.',
            ],
            [
              { strong: 'Settings' },
              ': the configuration you choose for each server, such as anti-nuke, auto-role, welcome messages, logs, starboard, tickets and disabled commands, plus any whitelist (license) entries.',
            ],
            [{ strong: 'Last.fm username' }, ': only if you link it with the ', { code: 'lfset' }, ' command, so we can show your listening statistics.'],
            [
              { strong: 'Message content' },
              ': handled only transiently, to apply moderation features, to power snipe and edit-snipe, and to write the server logs your administrators enabled.',
            ],
          ],
        },
      ],
    },
    {
      id: 'privacy-use',
      heading: 'How we use it',
      blocks: [
        {
          paragraph:
            'We use this information to run commands, apply your server settings, authenticate you on the dashboard, show the servers you can manage and keep the service secure and free of abuse. We do not use it for advertising or build profiles about you.',
        },
      ],
    },
    {
      id: 'privacy-retention',
      heading: 'Retention',
      blocks: [
        {
          list: [
            `Message data is kept for up to ${MESSAGE_RETENTION_DAYS} days and is then deleted automatically.`,
            'Server settings and whitelist entries are kept while the bot remains in the server or the license is active.',
            ['Your Last.fm username is kept until you unlink it with the ', { code: 'lfunset' }, ' command or ask us to delete it.'],
          ],
        },
      ],
    },
    {
      id: 'privacy-rights',
      heading: 'Your choices and rights',
      blocks: [
        {
          list: [
            `Deletion: ask us to delete your data and we will handle the request within two weeks (${DELETION_REQUEST_DAYS} days).`,
            `Access: ask for a copy of the data we hold about you and we will send it within ${DATA_COPY_DAYS} days.`,
            'Removal: you can remove the bot from your server at any time, which stops all further collection there.',
          ],
        },
      ],
    },
    {
      id: 'privacy-cookies',
      heading: 'Cookies and local storage',
      blocks: [
        {
          paragraph:
            "The dashboard sets a single session cookie that keeps you logged in; it is removed when you sign out. Your dark-mode preference is saved in your browser's local storage and never leaves your device. We use no advertising or tracking cookies.",
        },
      ],
    },
    {
      id: 'privacy-third-parties',
      heading: 'Third parties',
      blocks: [
        {
          list: [
            [{ strong: 'Discord' }, ' provides login and all server, channel, role and message data.'],
            [{ strong: 'Last.fm' }, ' provides listening statistics for the account you link.'],
            [{ strong: 'Cloudflare' }, ' hosts the dashboard and stores its data.'],
          ],
        },
        { paragraph: 'Each of these services processes data under its own privacy policy.' },
      ],
    },
    {
      id: 'privacy-changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          paragraph:
            'If we change this policy we will update the date at the top of this page. Significant changes will also be announced in our support community.',
        },
      ],
    },
    {
      id: 'privacy-contact',
      heading: 'Contact',
      blocks: [
        {
          paragraph: [
            'For privacy questions or data requests, email ',
            { text: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
            ' or ask in our ',
            { text: 'support community', href: SUPPORT_URL, external: true },
            '.',
          ],
        },
      ],
    },
  ],
};
