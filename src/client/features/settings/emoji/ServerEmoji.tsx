import { useState } from 'react';
import { emojiImageUrl, type SettingsEmoji } from '../../../../shared/settings/guild';

/**
 * The server's emoji image (an animated one moves: Discord's CDN serves it as a GIF), or its name where the image
 * does not load; `decorative` when its name is said elsewhere (beside it, or as its button's name): then the
 * image's stand-in is the name's first letter, in the image's place.
 */
export function ServerEmoji({ emoji, size = 24, decorative = false }: { emoji: SettingsEmoji; size?: number; decorative?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed && decorative) {
    return (
      <span
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="flex items-center justify-center rounded-md bg-gray-200 text-xs font-semibold text-gray-700 uppercase dark:bg-gray-700 dark:text-gray-200"
      >
        {emoji.name.charAt(0)}
      </span>
    );
  }
  if (failed) return <span className="font-mono text-xs">{`:${emoji.name}:`}</span>;
  return <img src={emojiImageUrl(emoji)} alt={decorative ? '' : `:${emoji.name}:`} width={size} height={size} loading="lazy" onError={() => setFailed(true)} />;
}
