/**
 * The settings page's control for each kind of field, one row a kind (the kind's schema, default, audit text
 * and sample are its row in shared/settings/kinds.ts). A new kind that lacks a row here does not compile.
 */
import type { ReactNode } from 'react';
import type { FieldKind } from '../../../shared/settings/field-specs';
import { ChecklistSetting } from './ChecklistSetting';
import { ChoiceSetting } from './ChoiceSetting';
import { ColourSetting } from './ColourSetting';
import { ChannelSelect, RoleSelect } from './ReferenceSelects';
import { OPTIONAL_TEXT, TextSetting } from './TextSetting';
import { Toggle } from './Toggle';
import { DisabledCommands } from './DisabledCommands';
import { enableHint } from './enable-hint';
import { EmojiSetting } from './EmojiSetting';
import { MessageIdSetting } from './MessageIdSetting';
import { MembersSetting } from './MembersSetting';
import { MessageTextSetting } from './MessageTextSetting';
import { NumberSetting } from './NumberSetting';
import { ReactionPairsSetting } from './ReactionPairsSetting';
import { RolesSetting } from './RolesSetting';
import type { ControlProps } from './control-props';

type Control<K extends FieldKind> = (props: ControlProps<K>) => ReactNode;

const idOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const stringList = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function RoleControl({ id, spec, value, data, saving, saved, onChange }: ControlProps<'role'> | ControlProps<'assignableRole'>) {
  return (
    <RoleSelect
      id={id}
      label={spec.label}
      saving={saving}
      saved={saved}
      value={idOrNull(value)}
      roles={data.roles}
      guildId={data.id}
      assignable={spec.kind === 'assignableRole'}
      botHighestRolePosition={data.botHighestRolePosition}
      onChange={onChange}
    />
  );
}

/** An optional line typed as is (an embed's title, an image address): blank clears it. */
function OptionalTextControl({ id, spec, value, saving, saved, validate, onChange }: ControlProps<'lineText'> | ControlProps<'imageUrl'>) {
  return (
    <TextSetting
      id={id}
      label={spec.label}
      saving={saving}
      saved={saved}
      value={idOrNull(value)}
      format={OPTIONAL_TEXT.format}
      parse={OPTIONAL_TEXT.parse}
      placeholder={spec.placeholder}
      help={spec.help}
      validate={validate}
      onSave={onChange}
    />
  );
}

/** null: a kind written along with another field, with nothing of its own to show. */
export const KIND_CONTROLS: { [K in FieldKind]: Control<K> | null } = {
  toggle: ({ id, section, spec, value, data, saving, saved, onChange }) => (
    <Toggle id={id} label={spec.label} saving={saving} saved={saved} checked={value === true} hint={enableHint(section, data)} onChange={onChange} />
  ),
  userIds: MembersSetting,
  roles: RolesSetting,
  assignableRole: RoleControl,
  role: RoleControl,
  textChannel: ({ id, spec, value, data, saving, saved, onChange }) => (
    <ChannelSelect
      id={id}
      label={spec.label}
      saving={saving}
      saved={saved}
      value={idOrNull(value)}
      channels={data.channels}
      noneLabel={spec.noneLabel}
      onChange={onChange}
    />
  ),
  messageId: MessageIdSetting,
  // Written with its message id (the link back).
  messageChannel: null,
  emoji: EmojiSetting,
  commands: ({ spec, value, saving, saved, onChange }) => (
    <DisabledCommands label={spec.label} disabled={stringList(value)} saving={saving} saved={saved} onChange={onChange} />
  ),
  integer: NumberSetting,
  messageText: MessageTextSetting,
  choice: ChoiceSetting,
  lineText: OptionalTextControl,
  colour: ColourSetting,
  imageUrl: OptionalTextControl,
  checklist: ChecklistSetting,
  reactionPairs: ReactionPairsSetting,
};
