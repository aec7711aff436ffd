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
}
