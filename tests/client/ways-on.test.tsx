import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import NotFound from '../../src/client/pages/not-found/page';
import ServerList from '../../src/client/pages/servers/page';
import { renderWithApp } from './helpers/render-with-app';

const signedOut = { ['/api/check-auth']: { authenticated: false } };
const signedIn = {
  ['/api/check-auth']: {
    authenticated: true,
    user: { id: '100000000000000002', username: 'demo_owner', global_name: 'Demo Owner', avatar: null },
    isAdmin: false,
  },
};

const waysOn = (name: string) =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.querySelector('span')?.textContent, link.getAttribute('href')]);

describe('the 404 page leads somewhere', () => {
  it('signed out: Return to Home, Login, and the Dashboard, Commands and both libraries', () => {
    renderWithApp(<NotFound />, { path: '/no/such/page', fallback: signedOut });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/api/auth?next=%2Fservers');
    expect(waysOn('Where to go from here')).toEqual([
      ['Dashboard', '/servers'],
      ['Commands', '/commands'],
      ['Kenji Library', '/kenji'],
      ['Glaive Library', '/glaive'],
    ]);
  });

  it('signed in: no Login', () => {
    renderWithApp(<NotFound />, { path: '/no/such/page', fallback: signedIn });
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(waysOn('Where to go from here')).toHaveLength(4);
  });
});

describe('the signed-out server list leads somewhere', () => {
  it('Login back to the list, and the other places, not the page itself', () => {
    renderWithApp(<ServerList />, { path: '/servers', fallback: signedOut });
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/api/auth?next=%2Fservers');
    expect(waysOn('Or look around first')).toEqual([
      ['Commands', '/commands'],
      ['Kenji Library', '/kenji'],
      ['Glaive Library', '/glaive'],
    ]);
  });
});
