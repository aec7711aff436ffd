import { THEME_STORAGE_KEY } from './hooks/useTheme';

/** Runs in <head> before paint: the HTML is dark by default; switch to light only when chosen. */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==="light"){var d=document.documentElement;d.classList.remove("dark");d.style.colorScheme="light"}}catch(e){}`;
