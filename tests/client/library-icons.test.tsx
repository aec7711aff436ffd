import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import * as icons from '../../src/client/features/library/LibraryIcons';

const all = Object.entries(icons);
const SVG_ATTRIBUTES = ['d', 'fill', 'x', 'y', 'width', 'height', 'rx', 'cx', 'cy', 'r', 'stroke-width'];

describe('the library’s icons', () => {
  it.each(all)('%s draws SVG shapes with SVG’s attribute names, hidden from assistive technology', (_, Icon) => {
    const box = document.createElement('div');
    box.innerHTML = renderToString(<Icon className="x" />);
    const svg = box.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('class')).toBe('icon x');
    const shapes = [...(svg?.children ?? [])];
    expect(shapes.length).toBeGreaterThan(0);
    for (const shape of shapes) {
      expect(shape.namespaceURI).toBe('http://www.w3.org/2000/svg');
      expect(['path', 'rect', 'circle']).toContain(shape.tagName);
      // Markup is not JSX: a camel-cased name (strokeWidth) would be an attribute SVG ignores.
      for (const { name } of shape.attributes) expect(SVG_ATTRIBUTES).toContain(name);
    }
  });

  it('hydrate as the server drew them', () => {
    const tree = (
      <div>
        {all.map(([name, Icon]) => (
          <Icon key={name} />
        ))}
      </div>
    );
    const box = document.createElement('div');
    box.innerHTML = renderToString(tree);
    const before = box.innerHTML;
    const mismatch = vi.spyOn(console, 'error');
    act(() => void hydrateRoot(box, tree));
    expect(mismatch).not.toHaveBeenCalled();
    expect(box.innerHTML).toBe(before);
    expect(box.querySelectorAll('svg')).toHaveLength(all.length);
  });
});
