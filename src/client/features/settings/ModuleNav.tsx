import { useEffect, useRef } from 'react';
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { moduleStatus, type ModuleStatus } from '../../../shared/settings/values';
import { serverSettingsPath } from '../../../shared/settings/paths';
import { moduleSpec, SECTION_NAMES, type SectionName } from '../../../shared/settings/registry';
import { moduleViewIntent } from './lazy-module-view';
import { ModuleIcon } from './ModuleIcon';

export function StatusDot({ status, label }: { status: ModuleStatus; label: string }) {
  return (
    <>
      <span aria-hidden="true" title={label} className="status-dot" data-status={status} />
      <span className="sr-only">({label})</span>
    </>
  );
}

function OverviewIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
      <path d="M3 3h6v6H3V3Zm8 0h6v6h-6V3ZM3 11h6v6H3v-6Zm8 0h6v6h-6v-6Z" />
    </svg>
  );
}

interface Props {
  serverId: string;
  settings: ServerSettingsResponse;
  /** The module on view; null on the overview. */
  current: SectionName | null;
}

/** The overview, then every module with its icon, title and state; each one address. */
function Destinations({ serverId, settings, current }: Props) {
  return (
    <ul className="flex flex-col gap-1">
      <li>
        <a href={serverSettingsPath(serverId)} aria-current={current === null ? 'page' : undefined} className="settings-nav-item">
          <span className="settings-muted-icon">
            <OverviewIcon />
          </span>
          <span className="flex-1">Overview</span>
        </a>
      </li>
      {SECTION_NAMES.map((section) => {
        const spec = moduleSpec(section);
        const { status, label } = moduleStatus(section, settings[section]);
        return (
          <li key={section}>
            <a
              href={serverSettingsPath(serverId, section)}
              aria-current={current === section ? 'page' : undefined}
              className="settings-nav-item"
              {...moduleViewIntent}
            >
              <span className="settings-muted-icon">
                <ModuleIcon name={spec.icon} />
              </span>
              <span className="flex-1">{spec.title}</span>
              <StatusDot status={status} label={label} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The way between the overview and the modules, one list for both layouts: on a phone a line that says where you
 * are and opens the list (a disclosure, so it works before the script has loaded too); from 768 px the same list as
 * a sidebar, always shown (styles.css, `.module-nav`).
 */
export function ModuleNav(props: Props) {
  const { current } = props;
  const menu = useRef<HTMLDetailsElement>(null);
  // A choice closes the list (also when it came from elsewhere: back, forward, a card).
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [current]);
  // Choosing where you already are closes it as well; Escape closes it and leaves the focus on its button.
  useEffect(() => {
    const details = menu.current;
    if (!details) return;
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a')) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    details.addEventListener('click', onClick);
    details.addEventListener('keydown', onKeyDown);
    return () => {
      details.removeEventListener('click', onClick);
      details.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const here = props.current === null ? null : moduleSpec(props.current);
  const state = props.current === null ? null : moduleStatus(props.current, props.settings[props.current]);
  return (
    <nav aria-label="Server settings" className="module-nav">
      <details ref={menu} className="module-nav-menu group">
        <summary className="module-nav-summary">
          <span className="settings-muted-icon">{here ? <ModuleIcon name={here.icon} /> : <OverviewIcon />}</span>
          <span className="flex-1">
            <span className="text-gray-600 dark:text-gray-400">Section: </span>
            <span className="font-semibold">{here ? here.title : 'Overview'}</span>
          </span>
          {state && <StatusDot {...state} />}
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="module-nav-chevron">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </summary>
        <div className="module-nav-list">
          <Destinations {...props} />
        </div>
      </details>
    </nav>
  );
}
