/** The landing page's headline and pitch: text only, so hydration keeps the server's HTML of it (a static island). */
export default function HeroText() {
  return (
    <>
      <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
        The Discord bot that runs your server <span className="text-indigo-600 dark:text-indigo-400">for you</span>
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-600 dark:text-gray-400">
        Moderation, anti-nuke, fun, server info, utilities and Last.fm in one bot, with a dashboard that saves every change instantly.
      </p>
    </>
  );
}
