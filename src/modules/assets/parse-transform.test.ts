import { describe, expect, it } from 'vitest';
import { parseTransform, type TransformRules } from './parse-transform.js';

const rules: TransformRules = {
  mode: 'all',
  presets: [{ key: 'thumb', width: 64, height: 64, fit: 'cover', format: 'webp' }],
  maxDimension: 2000,
  maxOperations: 3,
};

describe('parseTransform', () => {
  it('is null without transformation parameters', () => {
    expect(parseTransform({ download: '', access_token: 'x' }, rules)).toBeNull();
  });

  it('reads sizes, fit, quality, format and operations into one canonical value', () => {
    expect(
      parseTransform(
        { width: '200', fit: 'inside', quality: '70', format: 'jpg', withoutEnlargement: 'true', transforms: '[["blur",2]]' },
        rules,
      ),
    ).toEqual({
      width: 200,
      height: null,
      fit: 'inside',
      withoutEnlargement: true,
      quality: 70,
      format: 'jpeg',
      transforms: [['blur', 2]],
    });
  });

  it('reads a preset by key, alone', () => {
    expect(parseTransform({ key: 'thumb' }, rules)).toMatchObject({ width: 64, height: 64, fit: 'cover', format: 'webp' });
    expect(() => parseTransform({ key: 'thumb', width: '10' }, rules)).toThrow(/cannot be combined/);
    expect(() => parseTransform({ key: 'nope' }, rules)).toThrow(/no asset preset/);
  });

  it('follows storage_asset_transform', () => {
    expect(() => parseTransform({ width: '10' }, { ...rules, mode: 'none' })).toThrow(/disabled/);
    expect(() => parseTransform({ width: '10' }, { ...rules, mode: 'presets' })).toThrow(/Only the asset presets/);
    expect(parseTransform({ key: 'thumb' }, { ...rules, mode: 'presets' })).not.toBeNull();
  });

  it('refuses values outside the limits', () => {
    const bad = [
      { width: '2001' },
      { height: '0' },
      { width: '1.5' },
      { quality: '0' },
      { fit: 'fill' },
      { format: 'gif' },
      { withoutEnlargement: 'yes' },
      { transforms: '[["toFile","/etc/x"]]' },
      { transforms: '[["blur",1],["blur",1],["blur",1],["blur",1]]' },
      { transforms: '{"a":1}' },
      { transforms: '[["extend",{"top":99999}]]' },
      { transforms: '[["tint",{"__proto__":{}}]]' },
    ];
    for (const query of bad)
      expect(() => parseTransform(query, rules), JSON.stringify(query)).toThrow(expect.objectContaining({ code: 'INVALID_QUERY' }));
  });
});
