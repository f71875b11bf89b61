import { describe, expect, it } from 'vitest';
import { copyleftPackages, isCopyleft } from './check-licenses.ts';

describe('isCopyleft', () => {
  it('passes permissive licences', () => {
    for (const license of ['MIT', 'ISC', 'Apache-2.0', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'MPL-2.0']) {
      expect(isCopyleft(license), license).toBe(false);
    }
  });

  it('fails GPL, AGPL and LGPL in any spelling', () => {
    for (const license of [
      'GPL-3.0',
      'GPL-2.0-only',
      'GPL-3.0-or-later',
      'AGPL-3.0-only',
      'LGPL-2.1',
      'LGPL-3.0-or-later',
      'GPLv3',
      'GNU General Public License v3',
      'GNU Lesser General Public License',
      'GPL-2.0 WITH Classpath-exception-2.0',
    ]) {
      expect(isCopyleft(license), license).toBe(true);
    }
  });

  it('passes an expression that offers a permissive alternative', () => {
    expect(isCopyleft('MIT OR GPL-3.0')).toBe(false);
    expect(isCopyleft('(GPL-2.0 OR MIT)')).toBe(false);
    expect(isCopyleft('(AGPL-3.0 OR (MIT AND Apache-2.0))')).toBe(false);
    expect(isCopyleft('LGPL-2.1 or BSD-3-Clause')).toBe(false);
  });

  it('fails an expression whose every choice binds us to the GPL family', () => {
    expect(isCopyleft('(MIT AND GPL-3.0)')).toBe(true);
    expect(isCopyleft('GPL-2.0 OR LGPL-3.0')).toBe(true);
    expect(isCopyleft('(MIT OR Apache-2.0) AND AGPL-3.0')).toBe(true);
  });

  it('fails unreadable text that mentions the GPL family', () => {
    expect(isCopyleft('(MIT OR GPL-3.0')).toBe(true);
    expect(isCopyleft('MIT OR')).toBe(false);
  });
});

describe('copyleftPackages', () => {
  it('names each offending package with its versions and licence', () => {
    const report = {
      MIT: [{ name: 'ua-parser-js', versions: ['1.0.41'], license: 'MIT' }],
      'AGPL-3.0-or-later': [{ name: 'ua-parser-js', versions: ['2.0.6'], license: 'AGPL-3.0-or-later' }],
      'MIT OR GPL-2.0': [{ name: 'dual', versions: ['1.0.0'], license: 'MIT OR GPL-2.0' }],
      'LGPL-3.0': [{ name: 'lesser', versions: ['2.0.0', '2.1.0'], license: 'LGPL-3.0' }],
    };
    expect(copyleftPackages(report)).toEqual([
      'lesser@2.0.0, 2.1.0 (LGPL-3.0)',
      'ua-parser-js@2.0.6 (AGPL-3.0-or-later)',
    ]);
  });
});
