// What web/build/firstScreenContent.ts makes of contracts/content/shop.json for the landing page's first screen.
declare module 'virtual:first-screen-content' {
  import type { ShopContent } from '#contracts/catalog/content.ts';
  export const shopName: ShopContent['shop']['name'];
  export const characters: ShopContent['characters'];
}
