/**
 * Discord's limits on an embed the bot posts: https://discord.com/developers/docs/resources/message#embed-object-embed-limits
 * and the RichEmbed / RichEmbedImage schemas of its OpenAPI document (github.com/discord/discord-api-spec).
 */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  /** Title, description, fields, footer and author of all the message's embeds together. */
  total: 6000,
  /** An image's `url` (RichEmbedImage.url). */
  imageUrl: 2048,
  /** `color`: an RGB integer. */
  colour: 0xffffff,
} as const;
