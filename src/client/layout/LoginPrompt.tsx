import { useLocation } from '../navigation';
import { loginHref } from '../../shared/api-key';
import { WaysOn } from './WaysOn';
import { buttonClass } from '../ui/buttons';

interface Props {
  title?: string;
  message?: string;
}

/** Shown instead of a page that needs a Discord login. */
export function LoginPrompt({ title = 'Welcome to ServerManager', message = 'Log in with Discord to manage your servers and the bot’s settings.' }: Props) {
  // After Discord, the visitor comes back to the page they asked for (a deep link to a server's settings).
  const [location] = useLocation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-400">{message}</p>
      <a href={loginHref(location)} className={`${buttonClass.primaryLarge} mt-8`}>
        Login
      </a>
      <WaysOn current={location} heading="Or look around first" />
    </section>
  );
}
