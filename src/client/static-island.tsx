import { useState } from 'react';
import type { LazyComponent } from './lazy-component';

/**
 * Content that needs no JavaScript (text, pictures, links), in a page the server rendered: hydration keeps the
 * server's HTML of it as it is (React does not hydrate inside an element it is given the inner HTML of), so its code
 * is not among what the page loads before interaction. Drawn by the browser (a client-side move to the page), it
 * loads that code like any lazy component.
 */
export function StaticIsland({ id, content }: { id: string; content: LazyComponent<object> }) {
  // Read once, when the island mounts: on hydration the server's HTML is in the document under this id.
  const [serverHtml] = useState(() => (typeof document === 'undefined' ? null : (document.getElementById(id)?.innerHTML ?? null)));
  return serverHtml === null ? (
    <div id={id}>
      <content.Component />
    </div>
  ) : (
    <div id={id} dangerouslySetInnerHTML={{ __html: serverHtml }} />
  );
}
