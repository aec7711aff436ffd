import { useSyncExternalStore } from 'react';
import { moduleStatus, type ModuleStatus, type ServerSettingsResponse } from '../../../shared/settings';
import { moduleSpec, SECTION_NAMES, type SectionName } from '../../../shared/settings-registry';
import { ModuleIcon } from './ModuleIcon';

export const moduleAnchor = (section: SectionName) => `module-${section}`;

// Dots keep at least 3:1 against both the light and the dark card.
const DOT: Record<ModuleStatus, string> = {
  on: 'bg-green-600 dark:bg-green-500',
  set: 'bg-green-600 dark:bg-green-500',
  'needs-setup': 'bg-amber-600 dark:bg-amber-400',
  off: 'bg-gray-500 dark:bg-gray-400',
  'not-set': 'bg-gray-500 dark:bg-gray-400',
};

function subscribe(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
const useHash = () =>
  useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );

/**
 * Every module with its icon, title and state. The links are anchors (`#module-logs`), so a module can
 * be linked, the back button returns to the previous one, and the other modules keep their state.
 */
export function ModuleNav({ settings }: { settings: ServerSettingsResponse }) {
  const hash = useHash();
  return (
    <nav aria-label="Modules" className="md:sticky md:top-20 md:self-start">
      <ul className="flex flex-wrap gap-2 md:flex-col md:flex-nowrap md:gap-1">
        {SECTION_NAMES.map((section) => {
          const spec = moduleSpec(section);
          const { status, label } = moduleStatus(section, settings[section]);
          const current = hash === `#${moduleAnchor(section)}`;
          return (
            <li key={section} className="shrink-0">
              <a
                href={`#${moduleAnchor(section)}`}
                aria-current={current ? 'location' : undefined}
                className={`relative flex items-center gap-2 rounded-lg border px-2.5 py-1.5 text-sm whitespace-nowrap md:px-3 md:py-2 focus-visible:outline-2 focus-visible:outline-indigo-500 md:border-transparent md:dark:border-transparent ${
                  current
                    ? 'border-indigo-300 bg-indigo-50 font-semibold text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100'
                    : 'border-gray-200 text-gray-700 hover:bg-gray-100 dark:border-gray-800 dark:text-gray-300 dark:hover:bg-gray-900'
                }`}
              >
                <span className="text-gray-500 dark:text-gray-400">
                  <ModuleIcon name={spec.icon} />
                </span>
                <span className="flex-1">{spec.title}</span>
                <span aria-hidden="true" title={label} className={`h-2.5 w-2.5 shrink-0 rounded-full ${DOT[status]}`} />
                <span className="sr-only">({label})</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
