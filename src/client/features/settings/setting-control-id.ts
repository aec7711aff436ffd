import type { SectionName } from '../../../shared/settings/registry';

/** The element id of a field's control: the page focuses it and the live updates read it without the module view's code. */
export const settingControlId = (section: SectionName, key: string) => `setting-${section}-${key}`;
