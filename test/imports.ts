/** The module specifiers a source file names: static imports and re-exports, dynamic imports. */
export interface ImportSite {
  file: string;
  specifier: string;
  typeOnly: boolean;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every module specifier in a source text, with whether it is a type-only import. */
export function importsOf(file: string, text: string): ImportSite[] {
  const sites: ImportSite[] = [];
  for (const match of text.matchAll(IMPORT)) {
    sites.push({ file, specifier: match[3] as string, typeOnly: match[2] !== undefined });
  }
  for (const match of text.matchAll(DYNAMIC)) sites.push({ file, specifier: match[1] as string, typeOnly: false });
  return sites;
}
