/** The embed limits the welcome's fields use are those of Discord's OpenAPI document (RichEmbed, RichEmbedImage). */
import { describe, expect, it } from 'vitest';
import { EMBED_LIMITS } from '../../src/shared/discord-embed-limits.ts';
import { loadOpenApiDocument, missingDocumentMessage } from './helpers/openapi-document.ts';

const ROOT = process.cwd();
const openApi = loadOpenApiDocument(ROOT);

it("finds Discord's OpenAPI document where the tests look for it", () => {
  if (openApi === null) expect.fail(missingDocumentMessage(ROOT));
});

type Properties = Record<string, { maxLength?: number; maximum?: number; minimum?: number } | undefined>;
const propertiesOf = (name: string): Properties => {
  const schemas = (openApi?.document.components as { schemas?: Record<string, { properties?: Properties }> } | undefined)?.schemas;
  return schemas?.[name]?.properties ?? {};
};

describe.runIf(openApi !== null)("against Discord's OpenAPI document", () => {
  it('title 256, description 4,096, colour 0 to 16777215, image address 2,048', () => {
    const embed = propertiesOf('RichEmbed');
    expect(embed.title?.maxLength).toBe(EMBED_LIMITS.title);
    expect(embed.description?.maxLength).toBe(EMBED_LIMITS.description);
    expect(embed.color?.minimum).toBe(0);
    expect(embed.color?.maximum).toBe(EMBED_LIMITS.colour);
    expect(propertiesOf('RichEmbedImage').url?.maxLength).toBe(EMBED_LIMITS.imageUrl);
    expect(EMBED_LIMITS).toMatchObject({ title: 256, description: 4096, total: 6000, imageUrl: 2048, colour: 16777215 });
  });
});
