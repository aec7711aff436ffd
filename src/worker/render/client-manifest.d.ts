declare module 'virtual:client-manifest' {
  interface ManifestChunk {
    file: string;
    src?: string;
    name?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    css?: string[];
  }
  const manifest: Record<string, ManifestChunk> | null;
  export default manifest;
  /** The built stylesheets' text by URL path (empty in dev). */
  export const styleSheets: Record<string, string>;
}
