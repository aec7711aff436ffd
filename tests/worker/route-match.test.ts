import { describe, expect, it } from 'vitest';
import { matchAppRoute, NOT_FOUND_ROUTE } from '../../src/client/routes';
import { knownRouteMatch } from '../../src/worker/render/route-match';

describe("a path's route, kept for the isolate", () => {
  it("is the route table's answer, worked out once: asked again, the same match", () => {
    const path = '/server/300000000000000001';
    const first = knownRouteMatch(path);
    expect(first).toEqual(matchAppRoute(path));
    expect(first.params).toEqual({ serverId: '300000000000000001' });
    expect(knownRouteMatch(path)).toBe(first);
  });

  it('keeps each path apart: another server id has its own parameters', () => {
    expect(knownRouteMatch('/server/300000000000000002').params).toEqual({ serverId: '300000000000000002' });
    expect(knownRouteMatch('/server/300000000000000001').params).toEqual({ serverId: '300000000000000001' });
  });

  it('shares frozen parameters, which no request can change for the next', () => {
    const { params } = knownRouteMatch('/server/300000000000000003');
    expect(Object.isFrozen(params)).toBe(true);
    expect(() => Object.assign(params, { serverId: '1' })).toThrow(TypeError);
    expect(knownRouteMatch('/server/300000000000000003').params.serverId).toBe('300000000000000003');
  });

  it('answers an unknown path with the 404 route, also the second time', () => {
    expect(knownRouteMatch('/no-such-page').route).toBe(NOT_FOUND_ROUTE);
    expect(knownRouteMatch('/no-such-page').route).toBe(NOT_FOUND_ROUTE);
  });
});
