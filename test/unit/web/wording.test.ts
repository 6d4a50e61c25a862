/**
 * The words the web app shows: one spelling of e-mail ("e-mail", "E-mail" at the start of a label),
 * never "email" or "Email" in a text a person reads. Code names (a field `email`, type="email",
 * callApi('verifyEmail')) are not text and are left alone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** JSX text and string literals of a file, comments and imports left out. */
const texts = (source: string): string[] => {
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*|import\b)/.test(line))
    .join('\n');
  return [
    // JSX text (not code between an arrow's > and a generic's <)
    ...[...code.matchAll(/>([^<>{}()[\];=]+)</g)].map((m) => m[1]),
    // strings, a template's ${…} left out
    ...[...code.matchAll(/(['"`])((?:(?!\1)[^\n\\])*)\1/g)]
      .map((m) => m[2].replace(/\$\{[^}]*\}/g, '…'))
      // what is left of a template nested in a template is code
      .filter((t) => !/[{}]/.test(t)),
  ];
};

/** Prose (a text with a space) saying email, or a label saying Email. */
const misspelt = (text: string) =>
  /\bEmail\b/.test(text) || (/\s/.test(text.trim()) && /\bemail\b/.test(text));

describe('the wording of the web app', () => {
  it('spells e-mail one way', () => {
    const found = files('web/src').flatMap((file) =>
      texts(readFileSync(file, 'utf8'))
        .filter(misspelt)
        .map((t) => `${file}: ${t.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('finds the texts it checks', () => {
    expect(texts(`<Field.Label>E-mail</Field.Label> x('Your e-mail address')`)).toEqual([
      'E-mail',
      'Your e-mail address',
    ]);
    expect(misspelt('Email')).toBe(true);
    expect(misspelt('Check your email')).toBe(true);
    expect(misspelt('email')).toBe(false);
  });
});
