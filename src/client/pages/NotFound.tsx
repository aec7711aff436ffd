import { buttonClass } from '../ui/buttons';

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-indigo-500">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-400">The page you are looking for does not exist or has moved.</p>
      <a href="/" className={`${buttonClass.primaryLarge} mt-8`}>
        Return to Home
      </a>
    </section>
  );
}
