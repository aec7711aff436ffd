export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-indigo-500">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Page Not Found</h1>
      <p className="mt-4 text-gray-600 dark:text-gray-400">The page you are looking for does not exist or has moved.</p>
      <a
        href="/"
        className="mt-8 rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
      >
        Return to Home
      </a>
    </section>
  );
}
