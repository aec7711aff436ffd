import { useCallback, useSyncExternalStore } from 'react';

export const THEME_STORAGE_KEY = 'theme';
export type Theme = 'dark' | 'light';
export const THEME_SWITCHING_CLASS = 'theme-switching';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** Applies and stores a theme; the inline head script applies the stored one before first paint. */
export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  // No colour transition while the theme changes (styles.css): the class holds until the new colours are computed.
  root.classList.add(THEME_SWITCHING_CLASS);
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.body.getBoundingClientRect();
  root.classList.remove(THEME_SWITCHING_CLASS);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  listeners.forEach((l) => l());
}

/** Dark by default; the server always renders the dark variant. */
export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'dark' as const);
  const toggle = useCallback(() => applyTheme(readTheme() === 'dark' ? 'light' : 'dark'), []);
  return [theme, toggle];
}
