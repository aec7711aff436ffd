import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from '../../navigation';
import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { missingRequiredFields, requiredFields } from '../../../shared/settings/values';
import type { SectionName } from '../../../shared/settings/registry';
import { ENABLE_INTENT_PARAM, serverSettingsPath } from '../../../shared/settings/paths';

/** The saved field was the last one the module's switch needed, and the module is still off. */
export function canTurnOn(section: SectionName, key: string, answer: ServerSettingsResponse): boolean {
  const values = answer[section] as Record<string, unknown>;
  return requiredFields(section).includes(key) && values.enabled === false && missingRequiredFields(section, answer[section]).length === 0;
}

/**
 * The switch turned on before its fields were set (`?enable=1`): arming it takes the person to the first
 * missing field, and the module turns on once the last one is saved. Only a save turns it on, never a page load.
 */
export function useEnableIntent(serverId: string, section: SectionName | null) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const armed = section !== null && new URLSearchParams(search).has(ENABLE_INTENT_PARAM);
  const armedRef = useRef<SectionName | null>(null);
  useEffect(() => {
    armedRef.current = armed ? section : null;
  }, [armed, section]);
  const setArmed = (on: boolean) => {
    if (section === null) return;
    const path = serverSettingsPath(serverId, section);
    navigate(on ? `${path}?${ENABLE_INTENT_PARAM}=1` : path, { replace: true });
    armedRef.current = on ? section : null;
  };
  return { armed, armedRef, setArmed };
}
