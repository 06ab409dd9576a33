import { describe, expect, it } from 'vitest';
import { brandFor } from '../brands/brands.js';
import { BRAND_MARKER, injectBrand, serializeForHtml } from './serve-web.js';

describe('serializeForHtml', () => {
  it.each([
    ['</script><script>alert(1)</script>', '\\u003c/script\\u003e'],
    ['<!-- comment', '\\u003c!-- comment'],
    ['Tom & Jerry', 'Tom \\u0026 Jerry'],
    ['line\u2028separator\u2029', 'line\\u2028separator\\u2029'],
  ])('escapes %j', (text, escaped) => {
    const json = serializeForHtml({ text });
    expect(json).toContain(escaped);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ text });
  });
});

describe('injectBrand', () => {
  const brand = { ...brandFor('default', true), companyName: 'A </script> & Co' };

  it('replaces the marker with a JSON data block', () => {
    const html = injectBrand(`<head>${BRAND_MARKER}</head>`, brand);
    expect(html).not.toContain(BRAND_MARKER);
    expect(html).toContain('<script type="application/json" id="brand-config">');
    expect(html).not.toContain('A </script>');
    const json = /id="brand-config">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(brand);
  });

  it('keeps replacement patterns in the brand literal', () => {
    const tricky = { ...brand, legalName: "$& $' $`" };
    const html = injectBrand(`<head>${BRAND_MARKER}</head>`, tricky);
    expect(html).toContain("$\\u0026 $' $`");
  });

  it('adds the block at the end of <head> when the marker is missing', () => {
    const html = injectBrand('<html><head><title>x</title></head></html>', brand);
    expect(html).toMatch(
      /<\/title><script type="application\/json" id="brand-config">.*<\/script><\/head>/,
    );
  });
});
