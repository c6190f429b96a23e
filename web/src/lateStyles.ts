// The stylesheet of the Radix components the landing page does not draw (lateStyles.css, decision 129): fetched once,
// before any screen other than the landing page, and before a dialog, is drawn. A failed fetch is not an error of the
// screen: it draws with what the page has, as it would have before the stylesheet was split.
let loading: Promise<void> | undefined;

export const lateStyles = (): Promise<void> =>
  (loading ??= import('./lateStyles.css').then(
    () => undefined,
    () => {
      loading = undefined;
    },
  ));
