import { SIGNED_IN_HINT_COOKIE } from '../shared/sessions';
import { THEME_STORAGE_KEY } from './hooks/useTheme';

/**
 * Runs in <head> before paint: the HTML is dark by default; switch to light only when chosen. It also marks a
 * browser that holds the signed-in hint (the `signed-in:` variant of styles.css), before the page knows who it is.
 */
export const THEME_BOOT_SCRIPT = `try{var d=document.documentElement;if(/(?:^|; )${SIGNED_IN_HINT_COOKIE}=/.test(document.cookie))d.setAttribute("data-signed-in","");if(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})==="light"){d.classList.remove("dark");d.style.colorScheme="light"}}catch(e){}`;
