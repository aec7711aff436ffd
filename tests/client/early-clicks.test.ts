import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CLICKS_SCRIPT } from '../../src/client/early-clicks';

/** The page as served before hydration: its controls, then the inline script, run as the browser would. */
function serve(body: string) {
  document.documentElement.removeAttribute('data-client-loaded');
  document.body.innerHTML = body;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the holder is an inline script's text
  const run = new Function(EARLY_CLICKS_SCRIPT) as () => void;
  run();
}

/** What src/client/App.tsx does once the page has hydrated; the observer's callback then runs as a microtask. */
async function hydrate() {
  document.documentElement.dataset.clientLoaded = 'true';
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function element(selector: string): HTMLElement {
  const found = document.querySelector(selector);
  if (!(found instanceof HTMLElement)) throw new Error(`no ${selector}`);
  return found;
}
const listeners: (() => void)[] = [];
/** A listener as React's would be once hydrated: on the page, not the document's capture phase. */
function listen(target: EventTarget, type: string, handler: (event: Event) => void) {
  target.addEventListener(type, handler);
  listeners.push(() => target.removeEventListener(type, handler));
}

afterEach(async () => {
  // Lets go of whatever a test left held, so the next one starts with one holder.
  await hydrate();
  listeners.splice(0).forEach((remove) => remove());
  document.body.innerHTML = '';
});

describe('clicks made before hydration', () => {
  it('are held, the control busy, and made again once the page has hydrated, in order', async () => {
    serve('<button id="a" type="button">A</button><div role="switch" id="b" aria-checked="false">B</div>');
    const seen: string[] = [];
    const a = element('#a');
    const b = element('#b');
    a.click();
    b.click();
    a.click();
    expect(a.getAttribute('aria-busy')).toBe('true');
    expect(b.getAttribute('aria-busy')).toBe('true');
    listen(document.body, 'click', (event) => seen.push((event.target as Element).id));
    expect(seen).toEqual([]);
    await hydrate();
    expect(seen).toEqual(['a', 'b', 'a']);
    expect(a.hasAttribute('aria-busy')).toBe(false);
    expect(b.hasAttribute('aria-busy')).toBe(false);
  });

  it('are not held once hydrated: a later click reaches the page once', async () => {
    serve('<button id="a" type="button">A</button>');
    await hydrate();
    const handler = vi.fn();
    listen(document.body, 'click', handler);
    element('#a').click();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(element('#a').hasAttribute('aria-busy')).toBe(false);
  });

  it('keep a checkbox as it was until the page can hear the click, then toggle it once', async () => {
    serve('<input type="checkbox" id="c">');
    const box = element('#c') as HTMLInputElement;
    box.click();
    expect(box.checked).toBe(false);
    await hydrate();
    expect(box.checked).toBe(true);
  });

  it('hold a click inside a control (its icon) as a click on the control', async () => {
    serve('<button id="a" type="button"><svg><path id="icon"></path></svg></button>');
    const icon = document.getElementById('icon');
    expect(icon).not.toBeNull();
    icon?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(element('#a').getAttribute('aria-busy')).toBe('true');
    const seen: string[] = [];
    listen(document.body, 'click', (event) => seen.push((event.target as Element).id));
    await hydrate();
    expect(seen).toEqual(['a']);
  });

  it('leave what works without script alone: links, popover buttons, disabled buttons', () => {
    serve(
      '<a href="#x" id="link">x</a><a href="#y" role="button" id="role-link">y</a><button id="menu" popovertarget="m">Menu</button><button id="off" disabled>Off</button>',
    );
    for (const id of ['link', 'role-link', 'menu', 'off']) {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      element(`#${id}`).dispatchEvent(event);
      expect(event.defaultPrevented, id).toBe(false);
      expect(element(`#${id}`).hasAttribute('aria-busy'), id).toBe(false);
    }
  });

  it('drop a held control the page no longer has', async () => {
    serve('<button id="a" type="button">A</button>');
    const a = element('#a');
    a.click();
    const handler = vi.fn();
    listen(a, 'click', handler);
    a.remove();
    await hydrate();
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('a form sent before hydration', () => {
  it('is held and sent again once the page has hydrated', async () => {
    serve('<form id="f"><input name="q"></form>');
    const form = element('#f');
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    listen(form, 'submit', submitted);
    expect(submitted).not.toHaveBeenCalled();
    await hydrate();
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});
