/** What every settings control is given: the field, its value and the page's data, and how to save and check a value. */
import type { ServerSettingsResponse } from '../../../shared/settings/index';
import type { SectionName } from '../../../shared/settings/registry';
import type { FieldKind, FieldSpecOf } from '../../../shared/settings/field-specs';
import type { Validation } from './settings-checks';

export interface ControlProps<K extends FieldKind> {
  id: string;
  section: SectionName;
  spec: FieldSpecOf<K>;
  value: unknown;
  data: ServerSettingsResponse;
  saving: boolean;
  saved: boolean;
  onChange: (value: unknown) => void;
  /** Why a value would be refused, in the owner's words (the Worker's schema), or null; CHECKS_PENDING until the checks load. */
  validate: (value: unknown) => Validation;
}
