import type { ReactElement } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';

/**
 * The end of React's mark of a Suspense boundary it left for the browser to render (`<!--$!-->`: something in it
 * suspended or threw). Searched from its `$`, rare in HTML, it is found about 50 times faster than from the `<` that
 * opens every tag (25 µs of a settings page's CPU, docs/performance.md). React escapes `>` in text and attribute
 * values, so only its own comments end this way.
 */
const CLIENT_RENDERED_BOUNDARY_END = '$!-->';

/**
 * The app's HTML. Every module and datum a page needs is loaded before it renders, so the synchronous
 * renderer completes it, far cheaper than the stream (the settings page's Worker CPU fell from 3.5 to
 * about 2 ms, docs/performance.md). It says nothing of errors and gives up on what suspends, so a render
 * that left a boundary to the browser, or threw, is done again through the stream, which waits for what
 * suspended and reports each error.
 */
export async function renderApp(app: ReactElement): Promise<{ html: string; failed: boolean }> {
  try {
    const html = renderToString(app);
    if (!html.includes(CLIENT_RENDERED_BOUNDARY_END)) return { html, failed: false };
  } catch {
    // rendered again below, where the error is reported
  }
  return renderStreamed(app);
}

async function renderStreamed(app: ReactElement): Promise<{ html: string; failed: boolean }> {
  let failed = false;
  const stream = await renderToReadableStream(app, {
    // Never outline large Suspense content into a script-swapped chunk: pages must read without JS, and the
    // CSP allows no inline script but the theme boot script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failed = true;
      console.error('SSR failed', error);
    },
  });
  await stream.allReady;
  return { html: await new Response(stream).text(), failed };
}
