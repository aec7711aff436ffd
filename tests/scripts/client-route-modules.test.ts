import { readFileSync, readdirSync } from 'node:fs';
import { parseAst } from 'rolldown/parseAst';
import { transformSync } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';
import { ROUTER_FIELDS, WORKER_FIELDS, trimRouteModule } from '../../vite-plugins/client-route-modules';

const parse = (source: string) => parseAst(source);
/** The route table's copy. */
const trim = (code: string) => trimRouteModule(code, parse, (field) => ROUTER_FIELDS.has(field));
/** A page's copy. */
const pageCopy = (code: string) => trimRouteModule(code, parse, (field) => !WORKER_FIELDS.has(field));

/** A route module as the plugin sees it: TypeScript already stripped. */
const javascriptOf = (file: string) => transformSync(file, readFileSync(file, 'utf8')).code;

const SERVER_ROUTE = `import { apiKeys } from "../../../shared/api-keys";
import { defineRoute } from "../../page-route";
export const serverRoute = defineRoute({
	id: "server",
	paths: ["/server/:serverId", "/server/:serverId/:module"],
	title: "Server Settings | ServerManager",
	description: "ServerManager's settings for one of your Discord servers.",
	chrome: "main",
	toasts: true,
	keys: ({ serverId = "" }) => ({ settings: apiKeys.serverSettings(serverId), allowed: apiKeys.allowedServers }),
	rules: () => import("./rules")
});
`;

describe("the browser's copies of a route module (vite-plugins/client-route-modules.ts)", () => {
  it('keeps what the router reads, in order, and drops the rest with the imports only they named', () => {
    expect(trim(SERVER_ROUTE)).toBe(`
import { defineRoute } from "../../page-route";
export const serverRoute = defineRoute({
	id: "server", paths: ["/server/:serverId", "/server/:serverId/:module"], title: "Server Settings | ServerManager", chrome: "main", toasts: true
});
`);
  });

  it('keeps an import a kept field still names, and every declaration of a module with two', () => {
    const code = `import { defineRoute, withHtml } from "../../page-route";
export const kenjiRoute = defineRoute({ id: "kenji", paths: withHtml("/kenji"), description: "Kenji", chrome: "music" });
export const glaiveRoute = defineRoute({ description: "Glaive", id: "glaive", paths: withHtml("/glaive"), chrome: "music" });
`;
    expect(trim(code)).toBe(`import { defineRoute, withHtml } from "../../page-route";
export const kenjiRoute = defineRoute({ id: "kenji", paths: withHtml("/kenji"), chrome: "music" });
export const glaiveRoute = defineRoute({ id: "glaive", paths: withHtml("/glaive"), chrome: "music" });
`);
  });

  it('tells an import still named from one whose name is only part of another', () => {
    const code = `import { title$ } from "./a";\nimport { title } from "./b";\nexport const r = defineRoute({ id: "x", title: title$, keys: () => title });\n`;
    expect(trim(code)).toBe(`import { title$ } from "./a";\n\nexport const r = defineRoute({ id: "x", title: title$ });\n`);
  });

  it('leaves a module whose routes hold only what the router reads as it is', () => {
    const code = `import { defineRoute } from "../../page-route";\nexport const r = defineRoute({ id: "x", paths: [], title: "X", chrome: "main" });\n`;
    expect(trim(code)).toBe(code);
  });

  it('gives a page its route without what only the Worker reads, its data keys kept', () => {
    expect(pageCopy(SERVER_ROUTE)).toBe(`import { apiKeys } from "../../../shared/api-keys";
import { defineRoute } from "../../page-route";
export const serverRoute = defineRoute({
	id: "server", paths: ["/server/:serverId", "/server/:serverId/:module"], title: "Server Settings | ServerManager", chrome: "main", toasts: true, keys: ({ serverId = "" }) => ({ settings: apiKeys.serverSettings(serverId), allowed: apiKeys.allowedServers })
});
`);
  });

  it("leaves every page's route module parsing, with no field the router does not read", () => {
    const folders = readdirSync('src/client/pages');
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const trimmed = trim(javascriptOf(`src/client/pages/${folder}/route.ts`));
      const fields = [...trimmed.matchAll(/^\s*(\w+):|[{,]\s*(\w+):/gm)].map((match) => match[1] ?? match[2]);
      expect(
        fields.filter((field) => field !== undefined && !ROUTER_FIELDS.has(field)),
        folder,
      ).toEqual([]);
      expect(trimmed, folder).not.toContain('api-keys');
    }
  });
});
