import { loginHref } from '../../../shared/api-key';
import { useAuth } from '../../session/useAuth';
import { WaysOn } from '../../layout/WaysOn';
import { buttonClass } from '../../ui/buttons';

export default function NotFound() {
  const { user, unknown } = useAuth();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-extrabold text-indigo-500">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-400">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass.primaryLarge}>
          Return to Home
        </a>
        {/* Signed out, the dashboard is behind Discord's login: offered here, after the way home. */}
        {!user && !unknown && (
          <a href={loginHref('/servers')} className={buttonClass.secondaryLarge}>
            Login
          </a>
        )}
      </div>
      <WaysOn />
    </section>
  );
}
