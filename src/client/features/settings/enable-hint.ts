import type { ServerSettingsResponse } from '../../../shared/settings/api';
import { missingRequiredFields } from '../../../shared/settings/values';
import { moduleTitle, requirementNames, type SectionName } from '../../../shared/settings/registry';

/** Why a module's switch cannot be on yet, in SPEC section 4's words ("Set a role to enable Auto-Role."), or null. */
export function enableHint(section: SectionName, data: ServerSettingsResponse): string | null {
  const missing = missingRequiredFields(section, data[section]);
  return missing.length === 0 ? null : `Set ${requirementNames(section, missing)} to enable ${moduleTitle(section)}.`;
}
