import { useEffect } from 'react';
import { useLocation } from '../../navigation';
import { AdminWhitelist } from '../../features/admin/AdminWhitelist';
import { useAuth } from '../../session/useAuth';

/**
 * Admin whitelist management. A full page load is checked on the server (non-admins never get this
 * HTML); a client-side navigation is checked here, with the same answer from /api/check-auth.
 */
export default function Admin() {
  const { isAdmin, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const pending = isLoading;

  useEffect(() => {
    if (!pending && !isAdmin) navigate('/', { replace: true });
  }, [pending, isAdmin, navigate]);

  if (pending) {
    return (
      <p role="status" className="p-8 text-center text-gray-600 dark:text-gray-400">
        Verifying permissions...
      </p>
    );
  }
  if (!isAdmin) return null;

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Whitelist Administration</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">Licenses of all users. Entries you add here do not count towards a user&apos;s limit.</p>
      <AdminWhitelist />
    </section>
  );
}
