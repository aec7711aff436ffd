import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { moduleStatus, type ModuleStatus } from '../../../shared/settings/values';
import { mayChange } from '../../../shared/server-access';
import { serverSettingsPath } from '../../../shared/settings/paths';
import { moduleSpec, SECTION_NAMES, type SectionName } from '../../../shared/settings/registry';
import { moduleViewIntent } from './lazy-module-view';
import { ModuleIcon } from './ModuleIcon';
import { enableHint } from './enable-hint';
import { fieldId, type SaveOutcome } from './useSettingsSaver';

// Text and ring keep 4.5:1 on both the light and the dark card.
const BADGE: Record<ModuleStatus, string> = {
  on: 'bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950 dark:text-green-300 dark:ring-green-400/30',
  set: 'bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950 dark:text-green-300 dark:ring-green-400/30',
  'needs-setup': 'bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30',
  off: 'bg-gray-100 text-gray-700 ring-gray-500/30 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-400/30',
  'not-set': 'bg-gray-100 text-gray-700 ring-gray-500/30 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-400/30',
};

/** Turning a module on or off from its card, for an editor: the page's saver, and that field's state. */
export interface OverviewSwitches {
  onSwitch: (section: SectionName, on: boolean) => void;
  saving: ReadonlySet<string>;
  outcomes: ReadonlyMap<string, SaveOutcome>;
}

interface ModuleCardProps {
  serverId: string;
  section: SectionName;
  settings: ServerSettingsResponse;
  switches: OverviewSwitches | undefined;
}

function ModuleCard({ serverId, section, settings, switches }: ModuleCardProps) {
  const spec = moduleSpec(section);
  const { status, label } = moduleStatus(section, settings[section]);
  const detailsId = `overview-${section}-details`;
  // What to set, and the way to set it, are an editor's; a reader sees the state and opens the module.
  const setUp = status === 'needs-setup' && mayChange(settings);
  // A module that is on, or off with everything it needs, switches from here; one that needs setup opens its page.
  const switchable = switches !== undefined && (status === 'on' || status === 'off');
  const field = fieldId(section, 'enabled');
  const outcome = switches?.outcomes.get(field);
  const problem = outcome !== undefined && outcome.kind !== 'saved' ? outcome.message : null;
  return (
    <li className="module-card group">
      <div className="flex items-start gap-3">
        <span className="settings-icon">
          <ModuleIcon name={spec.icon} />
        </span>
        <h3 className="module-card-title">
          {/* The whole card is the link's target; its name stays the module's title. */}
          <a href={serverSettingsPath(serverId, section)} aria-describedby={detailsId} {...moduleViewIntent}>
            {spec.title}
          </a>
        </h3>
        {switchable ? (
          <button
            type="button"
            role="switch"
            aria-checked={status === 'on'}
            aria-label={`${spec.title} module`}
            aria-busy={switches.saving.has(field) || undefined}
            data-status={status}
            onClick={() => switches.onSwitch(section, status !== 'on')}
            className="switch module-card-switch"
          >
            <span aria-hidden="true" className="switch-knob" />
          </button>
        ) : (
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE[status]}`} data-status={status}>
            {label}
          </span>
        )}
      </div>
      <div id={detailsId} className="module-card-details">
        <p className="text-gray-600 dark:text-gray-400">{spec.description}</p>
        {setUp && <p className="module-card-setup">{enableHint(section, settings)}</p>}
        {problem !== null && (
          <p role="alert" className="module-card-problem">
            {problem}
          </p>
        )}
      </div>
      <span aria-hidden="true" className="module-card-go">
        {setUp ? 'Set up →' : 'Open →'}
      </span>
    </li>
  );
}

/**
 * Every module with its state (on, off, needs setup), each card the way into its page. With `switches` (an editor,
 * changes not paused) a module that is on, or ready to be, has its switch on its card, as the dashboards owners know.
 */
export function ModuleOverview({ serverId, settings, switches }: { serverId: string; settings: ServerSettingsResponse; switches?: OverviewSwitches }) {
  const switched = SECTION_NAMES.filter((section) => typeof (settings[section] as Record<string, unknown>).enabled === 'boolean');
  const on = switched.filter((section) => moduleStatus(section, settings[section]).status === 'on').length;
  return (
    <section aria-labelledby="modules-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="modules-heading" className="text-xl font-semibold">
          Modules
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">{`${on} of ${switched.length} switched on`}</p>
      </div>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {SECTION_NAMES.map((section) => (
          <ModuleCard key={section} serverId={serverId} section={section} settings={settings} switches={switches} />
        ))}
      </ul>
    </section>
  );
}
