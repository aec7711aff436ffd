import { useState } from 'react';

interface Props {
  id: string;
  name: string;
  icon: string | null;
  size?: number;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w[0])
    .join('')
    .toUpperCase();

/** A server's Discord icon, or its initials when it has none or the CDN does not answer it (an icon changed since). */
export function ServerIcon({ id, name, icon, size = 56 }: Props) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (icon && !failed) {
    return (
      <img
        src={`https://cdn.discordapp.com/icons/${id}/${icon}.png?size=128`}
        alt=""
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-2xl object-cover"
        loading="lazy"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: Math.round(size * 0.34) }}
      className="flex shrink-0 items-center justify-center rounded-2xl bg-indigo-600 font-bold text-white"
    >
      {initials(name)}
    </span>
  );
}
