/**
 * The theme carries only the recipes of the Chakra components the app uses (web/src/theme/system.ts):
 * a component imported without its recipe would render unstyled. For every component imported from
 * '@chakra-ui/react' in web/src, the recipe keys its Chakra source asks for that Chakra's default
 * theme styles must be in ours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../../web/src/theme/system';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** The names the app imports from '@chakra-ui/react'. */
const imported = new Set(
  files('web/src').flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g,
      ),
    ].flatMap((m) => m[1].split(',').map((name) => name.trim().replace(/^type\s+/, ''))),
  ),
);

const componentsDir = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), 'components');
const kebab = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

/** The recipe keys a component's Chakra source names (`key: "button"`). */
const recipeKeysOf = (component: string): string[] => {
  let dir: string[];
  try {
    dir = readdirSync(join(componentsDir, kebab(component)));
  } catch {
    return []; // not a component with a folder (a hook, a type, the provider)
  }
  return dir
    .filter((f) => /\.c?js$/.test(f))
    .flatMap((f) => [
      ...readFileSync(join(componentsDir, kebab(component), f), 'utf8').matchAll(/key: "(\w+)"/g),
    ])
    .map((m) => m[1]);
};

describe('the theme', () => {
  const needed = [...imported].flatMap((component) =>
    recipeKeysOf(component)
      // keys Chakra's own theme styles (a few components, e.g. Clipboard, have none)
      .filter((key) => defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key))
      .map((key) => ({ component, key })),
  );

  it('finds the components the app uses', () => {
    expect(needed.map((n) => n.key)).toEqual(expect.arrayContaining(['button', 'dialog', 'table']));
  });

  it('has the recipe of every Chakra component the app uses', () => {
    const missing = needed.filter(({ key }) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });
});
