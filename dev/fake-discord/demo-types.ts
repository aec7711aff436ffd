/** The shapes of the fake Discord's demo data (data.ts), in Discord's own types where Discord has one. */
import type {
  APIEmoji,
  APIGuildCategoryChannel,
  APIGuildVoiceChannel,
  APINewsChannel,
  APIRole,
  APITextChannel,
  APIUser,
  GuildFeature,
} from 'discord-api-types/v10';

export type DemoChannel = APIGuildCategoryChannel | APITextChannel | APINewsChannel | APIGuildVoiceChannel;

export interface DemoMember {
  user_id: string;
  /** Role ids besides @everyone, as Discord lists them on a member. */
  roles: string[];
  nick: string | null;
  joined_at: string;
}

export interface DemoGuild {
  id: string;
  name: string;
  icon: string | null;
  description: string | null;
  owner_id: string;
  features: GuildFeature[];
  approximate_member_count: number;
  approximate_presence_count: number;
  /** Whether the ServerManager bot has been added to this guild. */
  bot_present: boolean;
  roles: APIRole[];
  channels: DemoChannel[];
  /** The guild's own emoji, as GET /guilds/{id}/emojis lists them. */
  emojis: APIEmoji[];
  members: DemoMember[];
}

export interface DemoApplication {
  id: string;
  name: string;
  client_secret: string;
  bot_token: string;
}

export interface DemoData {
  application: DemoApplication;
  /** Every account, the bot user included (it has `bot: true`). */
  users: APIUser[];
  guilds: DemoGuild[];
}
