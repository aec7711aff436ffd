const bone = 'rounded-md bg-gray-200 dark:bg-gray-800';

/** The page's shape while the settings load: title, navigation and cards. */
export function SettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading the server settings" className="mt-4 animate-pulse motion-reduce:animate-none">
      <div className={`h-9 w-64 ${bone}`} />
      <div className={`mt-3 h-4 w-80 max-w-full ${bone}`} />
      <div className="mt-8 flex flex-col gap-6 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8">
        <div className="flex flex-col gap-2">
          <div className={`h-11 w-full ${bone}`} />
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <div key={row} className={`hidden h-9 w-full md:block ${bone}`} />
          ))}
        </div>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {[0, 1, 2, 3].map((card) => (
            <div key={card} className="rounded-xl border border-gray-200 p-5 dark:border-gray-800">
              <div className={`h-6 w-40 ${bone}`} />
              <div className={`mt-3 h-4 w-full ${bone}`} />
              <div className={`mt-6 h-6 w-48 ${bone}`} />
              <div className={`mt-4 h-10 w-full ${bone}`} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
