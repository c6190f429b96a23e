// The browser tab's title while a screen shows: each admin screen names itself, so a row of tabs (or the history)
// tells them apart. The page's own title comes back when the screen goes.
import { useEffect } from 'react';
import { shopContent } from '#contracts/catalog/content.ts';

export const adminTitle = (screen: string) => `${screen} · ${shopContent.shop.name} admin`;

export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
