import type { ReactNode } from 'react';
import { inviteHref } from '../../../shared/api-keys';
import {
  LANDING_SCREENSHOTS,
  PHONE_MAX_WIDTH_PX,
  PHONE_SHOT,
  phoneScreenshotPath,
  SCREENSHOT_THEMES,
  SCREENSHOT_WIDTHS,
  screenshotPath,
  type LandingScreenshot,
} from '../../../shared/landing-images';

const FEATURES = [
  { title: 'Moderation that keeps up', text: 'Ban, kick, timeout, warn, jail and purge with reasons and logs, so your staff can act in seconds.' },
  { title: 'Anti-nuke protection', text: 'Stop mass bans, channel deletions and rogue admins before they wreck your server. Whitelist the people you trust.' },
  { title: 'Last.fm built in', text: 'Now playing, top artists and tracks, and who knows an artist best on your server.' },
  { title: 'Welcome, roles and tickets', text: 'Greet new members, hand out roles automatically or by reaction, and open support tickets from a message.' },
  { title: 'Starboard and logs', text: 'Celebrate the best messages and keep a clear record of what happened in your server.' },
  { title: 'A dashboard, not a manual', text: 'Every setting in one place, saved the moment you change it. No commands to memorise.' },
] as const;

const PHONE_MEDIA = `(max-width: ${PHONE_MAX_WIDTH_PX}px)`;

/**
 * The screenshot of the theme the page is in (the other one is display:none, so a lazy image is never fetched),
 * the phone one on a phone. Each source states its size, so the page keeps its room before the image arrives.
 */
function Screenshot({ shot, sizes }: { shot: LandingScreenshot; sizes: string }) {
  const largest = Math.max(...SCREENSHOT_WIDTHS);
  return (
    <>
      {SCREENSHOT_THEMES.map((theme) => (
        <picture key={theme} className={theme === 'dark' ? 'hidden dark:block' : 'block dark:hidden'}>
          <source media={PHONE_MEDIA} srcSet={phoneScreenshotPath(shot.id, theme)} width={PHONE_SHOT.width} height={PHONE_SHOT.height} />
          <img
            src={screenshotPath(shot.id, theme, largest)}
            srcSet={SCREENSHOT_WIDTHS.map((width) => `${screenshotPath(shot.id, theme, width)} ${width}w`).join(', ')}
            sizes={sizes}
            width={shot.width}
            height={shot.height}
            alt={shot.alt}
            loading="lazy"
            decoding="async"
          />
        </picture>
      ))}
    </>
  );
}

/** A window frame around a screenshot, so it reads as the product rather than a picture. */
function Frame({ children, label }: { children: ReactNode; label: string }) {
  return (
    <figure className="screenshot-frame">
      <div aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      {children}
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}

/**
 * What the landing page shows of the product below its figures: text, pictures and links only, so the page hydrates
 * around the server's HTML of it without its code (src/client/static-island.tsx).
 */
export default function Showcase() {
  return (
    <>
      <section aria-labelledby="dashboard-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <h2 id="dashboard-heading" className="sr-only">
          The dashboard
        </h2>
        <Frame label="A module’s own page: Welcome Message switched on, its editor and a preview as Discord shows it, beside the list of modules with their states.">
          <Screenshot shot={LANDING_SCREENSHOTS.settings} sizes="(min-width: 1152px) 1104px, calc(100vw - 2rem)" />
        </Frame>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
          Everything your community needs
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="feature-card">
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="library-heading" className="mx-auto grid max-w-7xl items-center gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-[2fr_3fr]">
        <div>
          <h2 id="library-heading" className="text-3xl font-bold tracking-tight">
            Music libraries in the browser
          </h2>
          <p className="mt-4 text-gray-600 dark:text-gray-400">
            Browse folders, search every song, play a folder from start to end and download a song or a whole folder as one zip.
          </p>
          <p className="mt-6 flex gap-6 text-sm">
            <a href="/kenji" className="quiet-link">
              Kenji Library
            </a>
            <a href="/glaive" className="quiet-link">
              Glaive Library
            </a>
          </p>
        </div>
        <Frame label="A library: its folder tree, the songs of a folder and the player.">
          <Screenshot shot={LANDING_SCREENSHOTS.library} sizes="(min-width: 1280px) 740px, (min-width: 1024px) 60vw, calc(100vw - 2rem)" />
        </Frame>
      </section>

      <section className="landing-cta">
        <h2>Ready to take control of your server?</h2>
        <p>Add the bot in one click, then tune every setting from the dashboard.</p>
        <div>
          <a href={inviteHref()}>Add to Discord</a>
          <a href="/commands">View Commands</a>
        </div>
      </section>
    </>
  );
}
