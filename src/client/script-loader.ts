/**
 * The page's scripts run after its first frame is painted: evaluating and hydrating ~80 KiB of JavaScript would
 * otherwise hold the first paint back on a slow CPU. They are already fetched by then, from the low-priority module
 * preloads in the head (src/worker/render/document.ts). The list travels as JSON data, so this inline script is the
 * same on every page and the CSP allows it by its hash (src/worker/render/content-security-policy.ts).
 */
export const SCRIPT_LIST_ID = '__SM_SCRIPTS__';

export interface ScriptList {
  /** Module scripts to run, in this order (dev: Vite's client, then the entry). */
  modules: string[];
}

/**
 * After the frame that paints the page (a task queued from requestAnimationFrame runs after that paint), or
 * after 250 ms when no frame comes, e.g. in a tab opened in the background.
 */
export const SCRIPT_LOADER = `(function(){var started=false;function load(){if(started)return;started=true;var list=JSON.parse(document.getElementById(${JSON.stringify(SCRIPT_LIST_ID)}).textContent);list.modules.forEach(function(src){var script=document.createElement("script");script.type="module";script.async=false;script.src=src;document.body.appendChild(script)})}requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,250)})()`;
