/**
 * A click made before the page has hydrated would do nothing (React does not listen yet) or the browser's default
 * (a checkbox toggled behind React's back, a form sent as a GET). This inline script, first in the head, holds such
 * clicks and submits: the control says it is busy (aria-busy) until hydration ends, when each is made again, in order,
 * on the live page. Links, popover buttons, text fields and selects work without script and are left alone. It is
 * the same on every page, so the CSP allows it by its hash (src/worker/render/content-security-policy.ts).
 *
 * Hydration has ended when the app's effects set `<html data-client-loaded>` (src/client/App.tsx), after the page's
 * and the header's: every listener a replayed click needs is in place by then.
 */
export const EARLY_CLICKS_SCRIPT = `(function(){var held=[];var CONTROL='button:not([popovertarget]),input[type=checkbox],input[type=radio],input[type=submit],input[type=button],[role=button],[role=switch],[role=checkbox],[role=tab]';function hold(event,target){event.preventDefault();event.stopImmediatePropagation();target.setAttribute("aria-busy","true");held.push(target)}function onClick(event){var control=event.target instanceof Element?event.target.closest(CONTROL):null;if(control&&!control.closest("a[href]")&&!control.disabled)hold(event,control)}function onSubmit(event){hold(event,event.target)}document.addEventListener("click",onClick,true);document.addEventListener("submit",onSubmit,true);var root=document.documentElement;new MutationObserver(function(_,observer){if(root.dataset.clientLoaded!=="true")return;observer.disconnect();document.removeEventListener("click",onClick,true);document.removeEventListener("submit",onSubmit,true);held.forEach(function(target){target.removeAttribute("aria-busy");if(!target.isConnected)return;if(target instanceof HTMLFormElement)target.requestSubmit();else target.click()})}).observe(root,{attributes:true,attributeFilter:["data-client-loaded"]})})()`;
