/**
 * The shape of the settings registry (registry.ts): what a field holds and what a module declares, and what a kind
 * of field must define (kinds.ts). Types only, so the registry's parts (the welcome fields, the log events, the embed
 * kinds) can use them without importing the table they belong to.
 */
import type { z } from 'zod';
import type { GuildLists } from './guild';
/**
 * What a field holds. `assignableRole` is a role the bot hands out itself, so it must sit below the bot's
 * highest role; `role` (the ticket staff role) is only referenced, so any ordinary role will do. Each kind's
 * schema, default, audit text and test sample sit in one table (settings/kinds.ts), its control in another
 * (client/features/settings/kind-controls.tsx); both are checked to cover every kind.
 */
export type FieldKind =
  | 'toggle'
  | 'userIds'
  | 'assignableRole'
  | 'role'
  | 'textChannel'
  | 'messageId'
  | 'messageChannel'
  | 'emoji'
  | 'commands'
  | 'integer'
  | 'messageText'
  | 'checklist'
  | 'roles'
  | 'reactionPairs'
  | 'choice'
  | 'lineText'
  | 'colour'
  | 'imageUrl';

/** Names of the icons the page draws for a module (src/client/features/settings/ModuleIcon.tsx). */
export type ModuleIcon = 'shield' | 'music-off' | 'user-plus' | 'wave' | 'lock' | 'scroll' | 'smile' | 'star' | 'ban' | 'ticket';

export interface FieldBase {
  /** The control's label (also used in toasts and the audit panel). */
  label: string;
  /** How a toggle hint names this field when it is missing ("Set a role and a message ID to enable …"). */
  requirementName?: string;
  help?: string;
  placeholder?: string;
  /** The field shows only while another of its module is set (`has`: holds that value, or lists it). */
  shownWhen?: { key: string; has?: string };
  /** Fields side by side under one heading (the Logs' channel per event); consecutive fields share it. */
  group?: FieldGroup;
}

export interface FieldGroup {
  id: string;
  title: string;
  help?: string;
  /** Small fields (two numbers) read as one phrase: each as wide as its content, side by side from 640 px. */
  inline?: true;
}

export interface ChecklistOption {
  value: string;
  label: string;
}

/** Kinds whose fields need nothing beyond a label. */
type PlainKind = 'toggle' | 'userIds' | 'assignableRole' | 'role' | 'commands' | 'roles';

/** A field: its kind and, where the kind needs them, its own bounds and default. */
export type FieldSpec = FieldBase &
  (
    | { kind: PlainKind }
    /** `noneLabel`: what its empty choice means, when not 'None'. */
    | { kind: 'textChannel'; noneLabel?: string }
    /** `channelKey`: the field of the same module that keeps the channel of a pasted message link (for the link back). */
    | { kind: 'messageId'; channelKey: string }
    /** Written with its message id, never on its own: the page draws no control for it. */
    | { kind: 'messageChannel' }
    /** Without a default the emoji may be cleared; with one it is always set. */
    | { kind: 'emoji'; default?: string }
    | { kind: 'integer'; min: number; max: number; default: number }
    /** `embed`: the keys of the embed this text describes, for the preview. */
    | { kind: 'messageText'; maxLength: number; default: string; embed?: EmbedKeys }
    /** An optional line of text (an embed's title). */
    | { kind: 'lineText'; maxLength: number }
    /** An RGB colour as Discord stores one: an integer from 0 to 0xFFFFFF. */
    | { kind: 'colour'; default: number }
    /** An optional https:// address of an image. */
    | { kind: 'imageUrl'; maxLength: number }
    /** Stored as the list of the options that are on; the default is all of them. */
    | { kind: 'checklist'; options: readonly ChecklistOption[] }
    /** Emoji → role pairs on one message, each role one the bot assigns; `max` pairs at most, no emoji twice. */
    | { kind: 'reactionPairs'; max: number }
    /**
     * One of the options; `control` says how the page offers them: a few with their help as radio cards, short names
     * as a select, two or three words as a row of segments.
     */
    | { kind: 'choice'; options: readonly ChoiceOption[]; default: string; control: 'radio' | 'select' | 'segments' }
  );

export interface ChoiceOption extends ChecklistOption {
  help?: string;
}

/** The fields of the same module that hold an embed's title, colour and image. */
export interface EmbedKeys {
  title: string;
  colour: string;
  image: string;
}

export type FieldSpecOf<K extends FieldKind> = K extends PlainKind ? FieldBase & { kind: K } : Extract<FieldSpec, { kind: K }>;

export interface ModuleSpec {
  /** The section title exactly as SPEC section 2 names it. */
  title: string;
  /** One line on what the bot does with it. */
  description: string;
  icon: ModuleIcon;
  fields: Readonly<Record<string, FieldSpec>>;
  /** The fields the `enabled` switch needs before it can be turned on (SPEC section 4). */
  requires?: readonly string[];
  /** A rule across the module's fields, checked on the values a save or an import would leave: why they cannot be stored, or null. */
  check?: (values: Readonly<Record<string, unknown>>) => string | null;
}

export interface KindDefinition<T, S extends FieldSpec> {
  schema(spec: S): z.ZodType<T>;
  defaultValue(spec: S): T;
  /** A set value as a person reads it (the audit, the import preview); unset values read 'none' before this. */
  describe(value: T, guild: Pick<GuildLists, 'roles' | 'channels'>, spec: S): string;
  /** A value this server accepts, for the tests that walk the registry. */
  sample(guild: GuildLists, spec: S): T;
  /** What the page tells an owner whose input does not fit (otherwise 'This value cannot be saved.'). */
  problem?(spec: S, error: z.ZodError): string;
}
