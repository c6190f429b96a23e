// ProductImage: an uploaded image as a <picture> offering AVIF, then WebP, at every served width; a static asset as a
// plain <img>. The markup is what the browser chooses from, so it is checked as the server would render it.
import { renderToStaticMarkup } from 'react-dom/server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { imageSrcSet } from '#contracts/catalog/images.ts';
import { ProductImage } from './ProductImage.tsx';

const ref = `media:${'c0'.repeat(32)}`;
const decode = (html: string) => html.replace(/&amp;/g, '&');

test('a media reference is a <picture> with an AVIF and a WebP source at every width, and an <img> fallback', () => {
  const html = decode(
    renderToStaticMarkup(
      <ProductImage
        src={ref}
        alt="The Kindness Basket, front cover"
        width={300}
        height={400}
        sizes="(max-width: 600px) 90vw, 300px"
        loading="lazy"
        className="cover"
      />,
    ),
  );
  assert.match(html, /^<picture><source type="image\/avif"/);
  assert.ok(html.includes(`srcSet="${imageSrcSet(ref, 'avif')}"`), html);
  assert.ok(html.includes(`srcSet="${imageSrcSet(ref, 'webp')}"`), html);
  assert.is(html.match(/sizes="\(max-width: 600px\) 90vw, 300px"/g)?.length, 2);
  assert.ok(html.indexOf('image/avif') < html.indexOf('image/webp'), 'AVIF is offered first');
  assert.match(
    html,
    `<img class="cover" src="/media/${'c0'.repeat(32)}-640.webp" alt="The Kindness Basket, front cover"`,
  );
  assert.match(html, 'width="300" height="400" loading="lazy"');
});

test('a static path is a plain <img>, and a slot with no sizes is taken as its width', () => {
  const plain = renderToStaticMarkup(<ProductImage src="/art/covers/book-1.svg" alt="" width="300" height="400" />);
  // (React's server rendering adds a preload link ahead of an eager image.)
  assert.match(plain, /<img src="\/art\/covers\/book-1.svg" alt="" width="300" height="400"/, plain);
  assert.not.match(plain, 'picture');
  const unsized = renderToStaticMarkup(<ProductImage src={ref} alt="" width={48} height={64} />);
  assert.is(unsized.match(/sizes="48px"/g)?.length, 2);
});

test.run();
