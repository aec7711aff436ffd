import { useState } from 'react';
import { emojiImageUrl, type SettingsEmoji } from '../../../../shared/settings-guild';

/**
 * The server's emoji image (an animated one moves: Discord's CDN serves it as a GIF), or its name where the image
 * does not load; `decorative` when its name is written beside it.
 */
export function ServerEmoji({ emoji, size = 24, decorative = false }: { emoji: SettingsEmoji; size?: number; decorative?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) return decorative ? null : <span className="font-mono text-xs">{`:${emoji.name}:`}</span>;
  return <img src={emojiImageUrl(emoji)} alt={decorative ? '' : `:${emoji.name}:`} width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
}
