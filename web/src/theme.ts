// The Radix theme of every screen, shared by the app and the page's prerendered first screen.
export const themeProps = { accentColor: 'teal', grayColor: 'sand', radius: 'large' } as const;
