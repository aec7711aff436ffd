import type { ModuleIcon as IconName } from '../../../shared/settings/field-specs';
import { outlineIcon } from '../../ui/Icons';

/** Outline icons (24×24, stroke) for the settings modules, by the registry's icon names. */
const PATHS: Record<IconName, string> = {
  shield: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3z',
  'music-off': 'M9 18V6l10-2v9M9 18a3 3 0 11-6 0 3 3 0 016 0zM3 3l18 18',
  'user-plus': 'M15 19a6 6 0 00-12 0M9 11a4 4 0 100-8 4 4 0 000 8zM19 8v6M16 11h6',
  wave: 'M7 11V6a1.5 1.5 0 013 0v5m0-6.5a1.5 1.5 0 013 0V11m0-5a1.5 1.5 0 013 0v7a7 7 0 01-12.9 3.8L4.5 12a1.5 1.5 0 012.5-1.6L7 11',
  lock: 'M6 11h12v9H6zM8 11V8a4 4 0 018 0v3',
  scroll: 'M8 4h10v13a3 3 0 01-3 3H7a3 3 0 01-3-3v-1h10v1a3 3 0 003 3M8 4a2 2 0 00-2 2v10M11 8h4M11 12h4',
  smile: 'M12 21a9 9 0 100-18 9 9 0 000 18zM8.5 14a4 4 0 007 0M9 9.5h.01M15 9.5h.01',
  star: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3z',
  ban: 'M12 21a9 9 0 100-18 9 9 0 000 18zM5.6 5.6l12.8 12.8',
  ticket: 'M4 7h16v3a2 2 0 000 4v3H4v-3a2 2 0 000-4V7zM14 7v10',
};

export function ModuleIcon({ name }: { name: IconName }) {
  return (
    <svg {...outlineIcon({ className: 'module-icon' })}>
      <path d={PATHS[name]} />
    </svg>
  );
}
